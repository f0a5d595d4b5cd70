declare module 's3rver' {
  interface S3rverOptions {
    port?: number
    address?: string
    silent?: boolean
    directory?: string
    configureBuckets?: Array<{ name: string }>
  }
  export default class S3rver {
    constructor(options: S3rverOptions)
    run(): Promise<{ port: number; address: string }>
    close(callback?: () => void): void
    /** Koa's middleware chain (S3rver is a Koa app), composed when it starts listening. */
    middleware: Array<(ctx: { req: import('node:http').IncomingMessage }, next: () => Promise<void>) => Promise<void>>
  }
}
