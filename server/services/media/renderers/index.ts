// The renderers the thumbnail queue knows, first match wins.
import { audioRenderer } from './audio.ts'
import { heifRenderer } from './heif.ts'
import { imageRenderer } from './image.ts'
import { pdfRenderer } from './pdf.ts'
import type { Renderer } from './renderer.ts'
import { videoRenderer } from './video.ts'

export const renderers: readonly Renderer[] = [imageRenderer, heifRenderer, videoRenderer, audioRenderer, pdfRenderer]

export const rendererFor = (mime: string): Renderer | undefined => renderers.find((r) => r.accepts(mime))
