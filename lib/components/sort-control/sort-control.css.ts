import { sprinkles } from '../../theme/sprinkles.css.ts'

export const root = sprinkles({ display: 'inline-flex', alignItems: 'center', gap: 'xsmall' })
