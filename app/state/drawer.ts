// SPEC §3 "Left drawer": drawOpen, with open, close and toggle actions (SPEC §4 "Other toggles").
import { signal } from '@preact/signals-react'

export const drawOpen = signal(false)

export const openDrawer = () => void (drawOpen.value = true)
export const closeDrawer = () => void (drawOpen.value = false)
export const toggleDrawer = () => void (drawOpen.value = !drawOpen.peek())
