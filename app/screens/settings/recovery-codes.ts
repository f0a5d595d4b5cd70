// The recovery codes, shown once after two-step verification is turned on: saved as a text file.

/** Offers `text` as a download named `name` (a .txt made in the browser, never sent anywhere). */
export function downloadText(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  // After the click has started the download: revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** The QR code of an otpauth:// URL as an SVG data URL: drawn in JavaScript, no canvas needed. */
export async function qrCodeDataUrl(otpauthUrl: string): Promise<string> {
  const { default: QRCode } = await import('qrcode')
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' })
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
}
