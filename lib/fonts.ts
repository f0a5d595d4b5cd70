// Entry of the optional `@cumulus/ui/fonts.css` (lib/vite.config.ts builds it into dist/fonts.css
// and drops this module's empty JavaScript): the Inter font faces, apart from style.css.
import './theme/fonts.css.ts'
