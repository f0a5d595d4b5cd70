import * as css from './text-viewer.css.ts'

/** Rows of a table read from CSV or TSV: the first is the header. */
export interface CsvRows {
  rows: string[][]
  /** The text holds more rows than were read. */
  more: boolean
}

/** Reads at most `maxRows` rows under the header with papaparse (loaded with the table). */
export async function parseCsv(text: string, delimiter: string, maxRows: number): Promise<CsvRows> {
  const { default: Papa } = await import('papaparse')
  // One row past the limit tells whether there are more; papaparse stops reading there.
  const result = Papa.parse<string[]>(text, { delimiter, preview: maxRows + 2, skipEmptyLines: true })
  return { rows: result.data.slice(0, maxRows + 1), more: result.data.length > maxRows + 1 }
}

export function CsvTable({ rows, label }: { rows: string[][]; label: string }) {
  const [head = [], ...body] = rows
  const columns = Math.max(head.length, ...body.map((r) => r.length))
  const cells = (row: string[]) => Array.from({ length: columns }, (_, i) => row[i] ?? '')
  return (
    <table className={css.table} aria-label={label} data-part="table">
      <thead>
        <tr>
          {cells(head).map((cell, i) => (
            <th key={i} scope="col" dir="auto">
              {cell}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {body.map((row, r) => (
          <tr key={r}>
            {cells(row).map((cell, i) => (
              <td key={i} dir="auto">
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}
