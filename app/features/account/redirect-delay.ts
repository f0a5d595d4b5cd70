/** SPEC §9 "Post-verify and post-reset redirect delay". */
export const REDIRECT_DELAY_MS = 1500
