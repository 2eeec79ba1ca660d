/**
 * Keeps one area's failure from blanking the page: the run, the controls and the other
 * views go on, and the area says what went wrong with a button to try again.
 */
import { Component, type ReactNode } from 'react';
import { oneLine } from '@obs-tcp-sim/scenario';

interface Props {
  name: string;
  children: ReactNode;
}

export class AreaBoundary extends Component<Props, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error): void {
    console.error(`${this.props.name} failed:`, error);
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div className="area-failed" role="alert" data-testid="area-failed">
        <p>
          The {this.props.name} could not be shown: {oneLine(error.message)}
        </p>
        <button type="button" onClick={() => this.setState({ error: null })}>
          Try again
        </button>
      </div>
    );
  }
}
