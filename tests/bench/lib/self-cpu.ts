// This process's own CPU time, for the micro-probes (seal-probe.ts, open-probe.ts) that tell the
// main thread's share from the worker and thread-pool threads'.
import { readFileSync } from 'node:fs'

/** CPU seconds of the main thread (its /proc task: utime + stime, in clock ticks of 10 ms). */
export function mainThreadCpu(): number {
  const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) / 100
}

/** CPU seconds of every thread of this process. */
export function processCpu(): number {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1e6
}
