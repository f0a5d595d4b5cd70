/** Someone an item can be shared with: an account of this server, or a group of accounts. */
export type PeopleOption =
  | { type: 'user'; id: string; displayName: string; email: string }
  | { type: 'group'; id: string; name: string; members: number }

/** What a member may do with a shared item: view (open, download) or also edit. */
export const memberRoles = ['viewer', 'editor'] as const

/** One of `memberRoles`. */
export type MemberRole = (typeof memberRoles)[number]

/** The name to show for an option: a user's display name (else the email), a group's name. */
export function peopleOptionName(option: PeopleOption): string {
  if (option.type === 'group') return option.name
  return option.displayName.trim() === '' ? option.email : option.displayName
}
