import { useState } from 'react'

/**
 * The thumbnail a card may show: none when thumbnails are off or the address failed to load. The
 * failed address is remembered, so a new address for the same card gets its own chance.
 */
export function useThumbnail(thumbnailUrl: string | undefined, disabled: boolean) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null)
  const url = disabled || !thumbnailUrl ? null : thumbnailUrl
  return {
    /** The address to load, while it has not failed. */
    url: url !== null && url !== failedUrl ? url : null,
    /** The address failed (media tiles show an error icon instead of the badge). */
    failed: url !== null && url === failedUrl,
    onError: () => setFailedUrl(url),
  }
}
