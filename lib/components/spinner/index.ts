export { Spinner, SpinnerGraphic, spinnerSizes, type SpinnerProps, type SpinnerSize } from './spinner.tsx'
