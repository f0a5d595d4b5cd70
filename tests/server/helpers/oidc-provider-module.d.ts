// The part of oidc-provider's API the single sign-on tests use (it ships no types of its own).
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'
  interface Account {
    accountId: string
    claims(): Promise<Record<string, unknown>>
  }
  interface ProviderConfiguration {
    clients: Array<Record<string, unknown>>
    claims?: Record<string, string[]>
    cookies?: { keys: string[] }
    features?: Record<string, { enabled: boolean }>
    pkce?: { required: () => boolean }
    findAccount(ctx: unknown, id: string): Promise<Account | undefined>
  }
  export default class Provider {
    constructor(issuer: string, configuration: ProviderConfiguration)
    callback(): (req: IncomingMessage, res: ServerResponse) => void
    on(event: 'server_error', listener: (ctx: unknown, err: Error) => void): this
    /** Koa middleware around every endpoint. */
    use(middleware: (ctx: { path: string; body: unknown }, next: () => Promise<void>) => Promise<void>): this
  }
}
