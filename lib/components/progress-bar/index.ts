export { ProgressBar, progressTones, type ProgressBarProps, type ProgressTone } from './progress-bar.tsx'
