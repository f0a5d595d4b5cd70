export { PromptDialog, promptRequiredMessage, requireName, type PromptDialogProps } from './prompt-dialog.tsx'
