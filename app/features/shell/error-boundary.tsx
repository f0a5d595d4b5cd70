import { Component, type ErrorInfo, type ReactNode } from 'react'
import { css } from 'goober'
import { copy } from '../../copy.ts'
import { vars } from '../../styles.ts'

interface Props {
  children: ReactNode
  /** A change (the URL) clears the error, so navigating away recovers. */
  resetKey: string
}

interface State {
  error: unknown
  resetKey: string
}

const page = css`
  display: grid;
  place-items: center;
  min-height: 60vh;
  padding: ${vars.space.xlarge};
  text-align: center;
`

/** SPEC §2: the unknown-error fallback screen ("Unexpected Application Error!"). */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey }

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') }
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Unexpected application error', error, info.componentStack)
  }

  override render() {
    if (this.state.error) {
      return (
        <main className={page}>
          <h1>{copy.unexpectedError}</h1>
        </main>
      )
    }
    return this.props.children
  }
}
