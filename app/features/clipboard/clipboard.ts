/** Copies text; the async Clipboard API needs a secure context, so plain-http installs fall back to execCommand. */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      return await navigator.clipboard.writeText(text)
    } catch {
      // Permission refused or insecure context: try the old way below.
    }
  }
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.style.position = 'fixed'
  area.style.opacity = '0'
  document.body.append(area)
  area.select()
  const ok = document.execCommand?.('copy') ?? false
  area.remove()
  if (!ok) throw new Error('Copy failed')
}
