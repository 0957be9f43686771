"use client";

import { Component, type ReactNode } from "react";
import { ErrorState } from "@/components/ui/states";

/** Keeps a failure inside one section of the profile: the rest of the page stays usable. */
export class SectionBoundary extends Component<{ name: string; children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    if (this.state.error) {
      return (
        <ErrorState
          title={`The ${this.props.name} section could not be shown`}
          error={this.state.error}
          onRetry={() => this.setState({ error: null })}
        />
      );
    }
    return this.props.children;
  }
}
