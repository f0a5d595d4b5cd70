declare module 'parse-prometheus-text-format' {
  /** One sample: plain value, or a histogram's buckets, count and sum (prom2json's shape). */
  export interface PromSample {
    value?: string
    labels?: Record<string, string>
    buckets?: Record<string, string>
    count?: string
    sum?: string
  }
  export interface PromFamily {
    name: string
    help: string
    type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED'
    metrics: PromSample[]
  }
  export default function parsePrometheusTextFormat(text: string): PromFamily[]
}
