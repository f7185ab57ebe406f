import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../../i18n';
import { AddressView } from './AddressView';

// The info box's address row against the server's envelope at the fetch boundary (the server side of
// /geocoding/geocoder is proven over real HTTP in packages/server/src/geocoding/geocoding.test.ts).

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
);

function answer(result: unknown, code = 0) {
  return new Response(JSON.stringify({ code, msg: code ? 'error' : 'ok', result }), {
    headers: { 'content-type': 'application/json' },
  });
}

describe('info box address', () => {
  const fetchMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>();
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('asks nothing until View, then shows the address of the rounded WGS-84 position', async () => {
    fetchMock.mockResolvedValue(answer({ addr: '120 m N of Richmond Terr/Bard Av', source: 'stop' }));
    render(<AddressView imei="1" lat={40.641234} lng={-74.081234} />, { wrapper });
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('resolve-address'));
    screen.getByText('Looking up the address…');
    expect((await screen.findByTestId('address')).textContent).toBe('120 m N of Richmond Terr/Bard Av');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/geocoding/geocoder?lat=40.6412&lng=-74.0812&lang=en');
  });

  it('says when the lookup failed and tries again on Retry', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fetchMock.mockResolvedValueOnce(answer({ addr: 'At Richmond Terr/Bard Av', source: 'stop' }));
    render(<AddressView imei="1" lat={40.642} lng={-74.1} />, { wrapper });
    fireEvent.click(screen.getByTestId('resolve-address'));
    expect((await screen.findByRole('alert')).textContent).toContain('Address lookup failed');
    fireEvent.click(screen.getByTestId('resolve-retry'));
    expect((await screen.findByTestId('address')).textContent).toBe('At Richmond Terr/Bard Av');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('shows the coordinates when no address is known there, in the console language', async () => {
    await i18n.changeLanguage('zh');
    fetchMock.mockResolvedValue(answer({ addr: '', source: 'none' }));
    render(<AddressView imei="1" lat={10} lng={10} />, { wrapper });
    fireEvent.click(screen.getByText('查看'));
    expect((await screen.findByTestId('address')).textContent).toBe('10.000000, 10.000000 (此处暂无地址)');
    expect(fetchMock.mock.calls[0]?.[0]).toContain('lang=zh');
  });

  it('does not offer a lookup for a zero or out-of-range position (spec section 5)', () => {
    render(<AddressView imei="1" lat={0} lng={0} />, { wrapper });
    screen.getByText('No valid position');
    expect(screen.queryByTestId('resolve-address')).toBeNull();
    cleanup();
    render(<AddressView imei="1" lat={91} lng={10} />, { wrapper });
    screen.getByText('No valid position');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
