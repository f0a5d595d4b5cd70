import {
  type ChangeEvent,
  type KeyboardEvent,
  type MouseEvent,
  useEffect,
  useId,
  useLayoutEffect,
  useState,
} from 'react'

// The WAI-ARIA combobox with a listbox popup (a search field's suggestions), written for the
// search bar alone: Ariakit's combobox with its popover costs ≈ 44 kB gzip and downshift's
// useCombobox 13.5 kB, against the search bar's budget of 20 kB. Focus stays in the input; the
// highlighted option is `aria-activedescendant`. Opens on typing (with text), a click or ArrowDown;
// closes on Escape, blur, a choice or a submit.

interface SuggestionBoxOptions {
  /** The text in the field: no popup without it. */
  text: string
  /** How many options can be highlighted (the disabled "No Results" row is not one). */
  count: number
  /** An option was chosen by Enter or a click. */
  onChoose: (index: number) => void
}

/** Open state, highlight and the ARIA wiring of the search bar's suggestion popup. */
export function useSuggestionBox({ text, count, onChoose }: SuggestionBoxOptions) {
  const id = useId()
  const listId = `${id}-list`
  const [wantsOpen, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const open = wantsOpen && text !== ''
  // The popup fades in: `data-enter` is set a frame after it mounts, as the kit's other popups do.
  const [entered, setEntered] = useState(false)
  useEffect(() => {
    if (!open) return setEntered(false)
    const frame = requestAnimationFrame(() => setEntered(true))
    return () => cancelAnimationFrame(frame)
  }, [open])
  // New suggestions leave nothing highlighted that isn't there any more.
  const highlighted = open && active < count ? active : -1
  const optionId = (index: number) => `${id}-option-${index}`

  // The highlighted row stays in view while the list scrolls under the arrow keys; only when the
  // highlight moves, so new suggestions arriving never scroll the list.
  const highlightedId = highlighted >= 0 ? optionId(highlighted) : undefined
  useLayoutEffect(() => {
    if (highlightedId) document.getElementById(highlightedId)?.scrollIntoView?.({ block: 'nearest' })
  }, [highlightedId])

  const hide = () => {
    setOpen(false)
    setActive(-1)
  }
  const choose = (index: number) => {
    hide()
    onChoose(index)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return
    const move = (next: number) => {
      event.preventDefault()
      setOpen(true)
      setActive(next)
    }
    switch (event.key) {
      case 'ArrowDown':
        if (text === '') return
        // From the field to the first row; at the last row it stays.
        return move(open ? Math.min(highlighted + 1, count - 1) : count > 0 ? 0 : -1)
      case 'ArrowUp':
        if (!open) return
        // From the first row back to the field; from the field to the last row.
        return move(highlighted === -1 ? count - 1 : highlighted - 1)
      case 'Enter':
        if (highlighted < 0) return
        event.preventDefault()
        return choose(highlighted)
      case 'Escape':
        if (!open) return
        // Closes the popup and keeps the text (the browser would clear a search field).
        event.preventDefault()
        return hide()
    }
  }

  return {
    open,
    hide,
    inputProps: {
      role: 'combobox',
      'aria-autocomplete': 'list',
      'aria-haspopup': 'listbox',
      'aria-expanded': open,
      'aria-controls': open ? listId : undefined,
      'aria-activedescendant': highlightedId,
      onKeyDown,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        setOpen(event.target.value !== '')
        setActive(-1)
      },
      onClick: () => setOpen(true),
      onBlur: hide,
    } as const,
    listProps: {
      id: listId,
      role: 'listbox',
      'data-enter': entered ? '' : undefined,
      // A press in the popup must not take focus from the field (which would close it first).
      onMouseDown: (event: MouseEvent) => event.preventDefault(),
      onMouseLeave: () => setActive(-1),
    } as const,
    /** Props of the option at `index` among the ones that can be chosen. */
    optionProps: (index: number) =>
      ({
        id: optionId(index),
        role: 'option',
        'aria-selected': index === highlighted,
        'data-active-item': index === highlighted ? '' : undefined,
        onMouseMove: () => index !== highlighted && setActive(index),
        onClick: () => choose(index),
      }) as const,
  }
}
