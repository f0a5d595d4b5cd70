// The usage meter's strings (ours, DESIGN §7 quotas): lazy screens only, so not in copy.ts.
export const usageCopy = {
  label: 'Storage',
  usedOf: (used: string, quota: string) => `${used} of ${quota} used`,
  used: (used: string) => `${used} used`,
} as const
