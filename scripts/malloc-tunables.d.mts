export declare const MALLOC_TUNABLES: string
export declare function withMallocTunables<E extends Record<string, string | undefined>>(
  env: E,
): E & { GLIBC_TUNABLES?: string }
export declare function lacksMallocTunables(): boolean
