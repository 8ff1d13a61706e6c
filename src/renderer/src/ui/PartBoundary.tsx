import { Component, type ReactNode } from 'react'
import { LoadFailed } from './LoadFailed'

interface PartBoundaryProps {
  /** What the part says when it cannot be drawn: "The charts could not be loaded". */
  failedTitle: string
  /** Called before the part is drawn again, to load afresh what failed (a code chunk, say). */
  onRetry: () => void
  children: ReactNode
}

/**
 * One part of a screen that failed to draw (its code could not be loaded, or it threw) says so in
 * its place with "Try again", instead of taking the whole screen down to the route's error page.
 */
export class PartBoundary extends Component<PartBoundaryProps, { error: unknown }> {
  override state = { error: null as unknown }

  static getDerivedStateFromError(error: unknown) {
    return { error }
  }

  private retry = () => {
    this.props.onRetry()
    this.setState({ error: null })
  }

  override render() {
    if (this.state.error === null) return this.props.children
    return <LoadFailed compact title={this.props.failedTitle} error={this.state.error} onRetry={this.retry} />
  }
}
