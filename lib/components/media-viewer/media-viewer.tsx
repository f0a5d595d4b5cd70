import * as Ariakit from '@ariakit/react'
import { type DialogOpenProps, useDialogOpen } from '../../internal/dialog-open.ts'
import { type KeyboardEvent, type ReactNode, type RefObject, useRef, useState } from 'react'
import { cx } from '../../internal/cx.ts'
import * as dialogCss from '../dialog/dialog.css.ts'
import { Icon } from '../icon/icon.tsx'
import { IconButton } from '../icon-button/icon-button.tsx'
import { Spinner } from '../spinner/spinner.tsx'
import { ZoomableImage, type ZoomableImageControls } from '../zoomable-image/zoomable-image.tsx'
import * as css from './media-viewer.css.ts'
import { useLabels } from '../../locale/locale.tsx'
import { logicalArrow } from '../../internal/direction.ts'
import { scopedPortal } from '../../internal/portal-scope.ts'

/** What the viewer shows: an image (the full-size thumbnail) or a streamed video. */
export const mediaKinds = ['image', 'video'] as const

/** One of `mediaKinds`. */
export type MediaKind = (typeof mediaKinds)[number]

/** Props of `MediaViewer`; open by the kit's rule (`open`, `defaultOpen`, `onOpenChange`), other dialog props are forwarded to the Ariakit Dialog. */
export interface MediaViewerProps
  extends Omit<Ariakit.DialogProps, 'title' | 'children' | 'onClose' | 'open'>, DialogOpenProps {
  /** The file name: the heading and the dialog's name. */
  name: string
  /** Image or video. */
  kind: MediaKind
  /** The image or stream address; leave it out while it is being obtained (a spinner shows). */
  src?: string | undefined
  /**
   * Another view in place of the image or video, e.g. a viewer from `@cumulus/ui/viewers` (a PDF,
   * a text, an audio player); `kind` and `src` are then unused. The arrows and keys stay the viewer's.
   */
  stage?: ReactNode | undefined
  /** The file's actions, e.g. a `Menu`; sits next to the close control. */
  menu?: ReactNode | undefined
  /** A line about the file under its name, e.g. an `AddedBy` ("Added by Ben"). */
  details?: ReactNode | undefined
  /** No earlier file: the previous arrow is disabled. */
  prevDisabled?: boolean | undefined
  /** No later file (and no page to load): the next arrow is disabled. */
  nextDisabled?: boolean | undefined
  /** The previous arrow, or ArrowLeft. */
  onPrev: () => void
  /** The next arrow, or ArrowRight. */
  onNext: () => void
  /** The close control, Escape or the browser's back (the app's router); then `onOpenChange(false)`. */
  onClose?: (() => void) | undefined
  /** Plays the video as soon as it can; defaults to false. */
  autoPlay?: boolean | undefined
  /**
   * The info pane, e.g. a `PhotoInfo`: an Info toggle (and the `i` key) shows it beside the picture,
   * or over it on a phone-wide viewer. Without it there is no toggle.
   */
  info?: ReactNode | undefined
  /** Whether the info pane is open (controlled). */
  infoOpen?: boolean | undefined
  /** Whether the info pane starts open (uncontrolled); defaults to false. */
  defaultInfoOpen?: boolean | undefined
  /** The info toggle or `i` opened or closed the pane: the moment to fetch what it shows. */
  onInfoOpenChange?: ((open: boolean) => void) | undefined
  /** Texts; defaults "Previous", "Next", "Close", "Loading", "Error loading image", "Info", "Rotate". */
  labels?: Partial<MediaViewerLabels> | undefined
}

/** The texts of `MediaViewer`; each has an English default. */
export interface MediaViewerLabels {
  prev: string
  next: string
  close: string
  loading: string
  error: string
  /** The info pane's toggle. */
  info: string
  /** Turns the picture a quarter clockwise (the view only, not the file). */
  rotate: string
}

/** English defaults of `MediaViewerLabels`. */
export const defaultMediaViewerLabels: MediaViewerLabels = {
  prev: 'Previous',
  next: 'Next',
  close: 'Close',
  loading: 'Loading',
  error: 'Error loading image',
  info: 'Info',
  rotate: 'Rotate',
}

// Keys these elements use themselves (a video seeks with the arrows, a field moves its caret).
const OWN_ARROWS = new Set(['VIDEO', 'AUDIO', 'INPUT', 'TEXTAREA', 'SELECT'])
// …and so do composite widgets such as the file's menu, whether portalled or not.
const ARROW_WIDGETS =
  '[role="menu"], [role="menubar"], [role="listbox"], [role="slider"], [role="tablist"], [role="grid"]'

/**
 * The full-screen file viewer: the name, the file's menu and a close control; previous
 * and next arrows (also ArrowLeft and ArrowRight); an image, or a video with controls, on black.
 * On a phone-wide viewer the picture spans the width and the arrows float over its edges.
 * An image is a `ZoomableImage`: the wheel, a pinch, a double tap or `+`/`-`/`0` zoom it; zoomed,
 * a drag or the arrow keys pan it; fitted, a swipe on touch goes to the previous or next file.
 * Rotate (and `r`) turns the view a quarter; Info (and `i`) shows the `info` pane. Escape first
 * brings a zoomed picture back to fitted, then closes.
 */
export function MediaViewer({
  name,
  kind,
  src,
  stage,
  menu,
  details,
  prevDisabled = false,
  nextDisabled = false,
  onPrev,
  onNext,
  onClose,
  autoPlay = false,
  info,
  infoOpen: infoOpenProp,
  defaultInfoOpen = false,
  onInfoOpenChange,
  labels: labelOverrides,
  className,
  onKeyDown,
  hideOnEscape = true,
  open,
  defaultOpen,
  onOpenChange,
  ...props
}: MediaViewerProps) {
  const openState = useDialogOpen({ open, defaultOpen, onOpenChange })
  const labels = useLabels('mediaViewer', defaultMediaViewerLabels, labelOverrides)
  const zoom = useRef<ZoomableImageControls>(null)
  const [infoOpenState, setInfoOpenState] = useState(defaultInfoOpen)
  const infoOpen = info != null && (infoOpenProp ?? infoOpenState)
  const toggleInfo = () => {
    setInfoOpenState(!infoOpen)
    onInfoOpenChange?.(!infoOpen)
  }
  // The view's turn, in quarter turns; counting up keeps the animation turning clockwise. A new
  // picture starts unturned.
  const [turn, setTurn] = useState({ src, rotation: 0 })
  if (turn.src !== src) setTurn({ src, rotation: 0 })
  const rotation = turn.src === src ? turn.rotation : 0
  const showsImage = stage == null && kind === 'image' && src !== undefined
  const rotate = () => setTurn({ src, rotation: rotation + 1 })

  const keyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event)
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return
    const target = event.target as HTMLElement
    // React bubbles events from portals (an open menu) through here too: only the viewer's own DOM counts.
    if (!event.currentTarget.contains(target) || OWN_ARROWS.has(target.tagName) || target.isContentEditable) return
    if (target.closest(ARROW_WIDGETS)) return
    // Zoom keys (`+` may need Shift), and the arrows pan while zoomed instead of changing the file.
    if (zoom.current?.handleKey(event.key)) return event.preventDefault()
    if (event.shiftKey) return
    if (event.key === 'i' && info != null) {
      event.preventDefault()
      return toggleInfo()
    }
    if (event.key === 'r' && showsImage) {
      event.preventDefault()
      return rotate()
    }
    // In RTL the previous picture is to the right, as the arrows on screen are.
    const key = logicalArrow(event.key, target)
    if (key === 'ArrowLeft' && !prevDisabled) {
      event.preventDefault()
      onPrev()
    } else if (key === 'ArrowRight' && !nextDisabled) {
      event.preventDefault()
      onNext()
    }
  }

  return (
    <Ariakit.Dialog
      backdrop={<div className={dialogCss.backdrop} />}
      unmountOnHide
      portalElement={scopedPortal}
      data-part="media-viewer"
      {...props}
      {...(openState.open === undefined ? {} : { open: openState.open })}
      onClose={(event) => {
        onClose?.()
        if (!event.defaultPrevented) openState.setOpen(false)
      }}
      onKeyDown={keyDown}
      hideOnEscape={(event) => {
        if (zoom.current?.isZoomed()) {
          zoom.current.reset()
          return false
        }
        return typeof hideOnEscape === 'function' ? hideOnEscape(event) : hideOnEscape
      }}
      className={cx(dialogCss.panel({ size: 'fullscreen' }), css.viewer, className)}
    >
      <div className={css.header}>
        {details != null ? (
          <div className={css.titles}>
            <Ariakit.DialogHeading className={css.title} title={name}>
              {name}
            </Ariakit.DialogHeading>
            {details}
          </div>
        ) : (
          <Ariakit.DialogHeading className={css.title} title={name}>
            {name}
          </Ariakit.DialogHeading>
        )}
        {showsImage ? <IconButton icon="retry" label={labels.rotate} onClick={rotate} /> : null}
        {info != null ? (
          <IconButton icon="info" label={labels.info} aria-pressed={infoOpen} onClick={toggleInfo} />
        ) : null}
        {menu}
        <Ariakit.DialogDismiss render={<IconButton icon="close" label={labels.close} />} />
      </div>
      <div className={css.stage}>
        <IconButton
          icon="chevron-left"
          label={labels.prev}
          size="large"
          className={cx(css.arrow, css.prevArrow)}
          disabled={prevDisabled}
          // Focus stays on an arrow that becomes disabled at the end of the list.
          accessibleWhenDisabled
          onClick={onPrev}
        />
        <div className={css.media}>
          {stage != null ? (
            stage
          ) : src === undefined ? (
            <Spinner label={labels.loading} size="large" />
          ) : kind === 'image' ? (
            // Keyed by address, so an error on one image does not stick to the next.
            <ImageView
              key={src}
              src={src}
              name={name}
              errorText={labels.error}
              rotation={rotation}
              controls={zoom}
              onSwipePrev={prevDisabled ? undefined : onPrev}
              onSwipeNext={nextDisabled ? undefined : onNext}
            />
          ) : (
            <video
              key={src}
              src={src}
              controls
              autoPlay={autoPlay}
              playsInline
              aria-label={name}
              className={css.video}
            />
          )}
        </div>
        <IconButton
          icon="chevron-right"
          label={labels.next}
          size="large"
          className={cx(css.arrow, css.nextArrow)}
          disabled={nextDisabled}
          accessibleWhenDisabled
          onClick={onNext}
        />
        {infoOpen ? (
          <div className={css.info} data-part="media-viewer-info">
            {info}
          </div>
        ) : null}
      </div>
    </Ariakit.Dialog>
  )
}

interface ImageViewProps {
  src: string
  name: string
  errorText: string
  rotation: number
  controls: RefObject<ZoomableImageControls | null>
  onSwipePrev?: (() => void) | undefined
  onSwipeNext?: (() => void) | undefined
}

function ImageView({ src, name, errorText, rotation, controls, onSwipePrev, onSwipeNext }: ImageViewProps) {
  const [failed, setFailed] = useState(false)
  if (failed) {
    return (
      <p className={css.error} data-state="error">
        <Icon name="error" size="large" />
        {errorText}
      </p>
    )
  }
  return (
    <ZoomableImage
      src={src}
      alt={name}
      rotation={rotation}
      controls={controls}
      onSwipePrev={onSwipePrev}
      onSwipeNext={onSwipeNext}
      onError={() => setFailed(true)}
    />
  )
}
