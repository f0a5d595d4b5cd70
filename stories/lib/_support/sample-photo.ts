// A photo's thumbnail drawn inline (sky, sun, hills), so a shot needs no file.
export const samplePhoto = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240"><rect width="320" height="240" fill="#7fb3ff"/><circle cx="240" cy="70" r="30" fill="#ffd166"/><path d="M0 240L110 110l80 80 50-40 80 90z" fill="#2e7d32"/></svg>',
)}`
