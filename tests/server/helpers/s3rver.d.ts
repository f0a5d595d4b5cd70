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
  }
}
