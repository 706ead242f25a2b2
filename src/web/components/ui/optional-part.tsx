import { Component, type ReactNode } from 'react';
import { isLoadFailure } from '../../lib/app-updates';

/**
 * A part of the page's frame that loads its code after the page (a language or theme select):
 * when that code cannot be loaded (the connection dropped, a deploy), the part is left out and
 * the page around it stays. Any other error is the page's, and goes on to its error boundary.
 */
export class OptionalPart extends Component<{ children: ReactNode }, { unloadable: boolean }> {
  override state = { unloadable: false };

  static getDerivedStateFromError(error: unknown): { unloadable: boolean } {
    if (isLoadFailure(error)) return { unloadable: true };
    throw error;
  }

  override render() {
    return this.state.unloadable ? null : this.props.children;
  }
}
