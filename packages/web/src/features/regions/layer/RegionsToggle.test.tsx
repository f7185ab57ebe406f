import type { UserInfo } from '@headway/server/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../auth/session-store';
import { componentSuite, renderInApp } from '../../../testing/render';
import { RegionsToggle } from './RegionsToggle';
import { forgetRegionsVisible, REGIONS_VISIBLE_KEY, regionsVisibleKey, useRegionsVisible } from './regions-visible';

function Shown() {
  const [visible] = useRegionsVisible();
  return <output data-testid="shown">{String(visible)}</output>;
}

const signIn = (user_id: number) => act(() => useSession.setState({ user: { user_id } as UserInfo }));

describe('the regions toggle', () => {
  componentSuite(() => {
    useSession.setState({ user: null });
  });
  beforeEach(() => {
    localStorage.clear();
    forgetRegionsVisible();
  });

  it('is off at first, and turns the regions on for every map of the page', () => {
    renderInApp(
      <>
        <RegionsToggle />
        <Shown />
      </>,
    );
    const button = screen.getByTestId('regions-toggle');
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: 'Regions' })).toBe(button);
    fireEvent.click(button);
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('shown').textContent).toBe('true');
  });

  it('remembers the choice per user for the next visit', () => {
    signIn(7);
    const first = renderInApp(<RegionsToggle />);
    fireEvent.click(screen.getByTestId('regions-toggle'));
    expect(localStorage.getItem(`${REGIONS_VISIBLE_KEY}.7`)).toBe('1');
    first.unmount();

    // A new page load reads storage again.
    forgetRegionsVisible();
    renderInApp(<RegionsToggle />);
    expect(screen.getByTestId('regions-toggle').getAttribute('aria-pressed')).toBe('true');

    // Another user on the same browser has their own choice.
    signIn(8);
    expect(screen.getByTestId('regions-toggle').getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(screen.getByTestId('regions-toggle'));
    fireEvent.click(screen.getByTestId('regions-toggle'));
    expect(localStorage.getItem(regionsVisibleKey(8))).toBe('0');
    expect(localStorage.getItem(regionsVisibleKey(7))).toBe('1');
  });
});
