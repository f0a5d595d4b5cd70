/** A full-page navigation (downloads are served as attachments, so the page stays). */
export function navigateAway(url: string): void {
  window.location.assign(url)
}
