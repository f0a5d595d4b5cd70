import useSWR from 'swr'
import { type TextPreview, textPreview } from '../api/files.ts'
import { keys } from '../api/keys.ts'
import { swrConfig } from './swr-config.ts'

/** GET /file-service/text/{id}: the text viewer's text (null id: nothing asked). */
export function useTextPreview(id: string | null) {
  return useSWR<TextPreview, unknown>(id ? keys.textPreview(id) : null, () => textPreview(id!), swrConfig)
}
