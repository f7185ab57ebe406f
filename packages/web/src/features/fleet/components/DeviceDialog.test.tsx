import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { componentSuite, renderInApp } from '../../../testing/render';
import { DeviceDialog } from './DeviceDialog';

// The device form checks what the server checks (spec section 5 via @headway/spec): required phone and IMEI,
// their formats, a remark within 255, and "{0} [{1}] already exists" from the validators; a free device is
// saved with the fields the API's contract names.

describe('device dialog', { timeout: 30_000 }, () => {
  componentSuite();

  function stubServer(takenPhones: string[]) {
    const calls: { method: string; path: string; query: URLSearchParams; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const parsed = new URL(url, 'http://console');
        const body = init.body ? JSON.parse(String(init.body)) : null;
        calls.push({ method: init.method ?? 'GET', path: parsed.pathname, query: parsed.searchParams, body });
        if (parsed.pathname === '/api/basic/devices/validator') {
          const value = parsed.searchParams.get('value') ?? '';
          return takenPhones.includes(value)
            ? Response.json({
                code: 1106,
                msg: 'Account already registered',
                result: { field: 'terminal_phone', value, message: `Terminal phone [${value}] already exists` },
              })
            : Response.json({ code: 0, msg: 'ok', result: true });
        }
        if (parsed.pathname === '/api/basic/device-types') {
          return Response.json({
            code: 0,
            msg: 'ok',
            result: { total: 1, rows: [{ id: 7, type_name: 'Camera only', capabilities: 96 }] },
          });
        }
        if (parsed.pathname === '/api/basic/sims')
          return Response.json({ code: 0, msg: 'ok', result: { total: 0, rows: [] } });
        return Response.json({ code: 0, msg: 'ok', result: { id: 1, ...body } });
      }),
    );
    return calls;
  }

  const phone = () => screen.getByTestId('device-form-phone') as HTMLInputElement;
  const imei = () => screen.getByTestId('device-form-imei') as HTMLInputElement;

  it('requires the phone and the IMEI in their formats before anything is saved', async () => {
    const calls = stubServer([]);
    renderInApp(<DeviceDialog open record={null} onClose={() => {}} onSaved={() => {}} />);
    await screen.findByText('Add device');
    const save = screen.getByRole('button', { name: 'Save' });
    fireEvent.click(save);
    await screen.findByText('Terminal phone cannot be empty', {}, { timeout: 3000 });
    await screen.findByText('IMEI cannot be empty', {}, { timeout: 3000 });
    fireEvent.change(phone(), { target: { value: '0138-0000' } });
    fireEvent.change(imei(), { target: { value: 'x' } });
    fireEvent.click(save);
    await screen.findByText('Terminal phone: up to 20 digits', {}, { timeout: 3000 });
    await screen.findByText('IMEI: 6 to 32 letters or digits', {}, { timeout: 3000 });
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('says a taken phone already exists, as the server’s validator words it', async () => {
    const calls = stubServer(['013800000001']);
    renderInApp(<DeviceDialog open record={null} onClose={() => {}} onSaved={() => {}} />);
    await screen.findByText('Add device');
    fireEvent.change(phone(), { target: { value: '013800000001' } });
    fireEvent.change(imei(), { target: { value: '861234560000001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Terminal phone [013800000001] already exists', {}, { timeout: 3000 });
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('saves a free device with the contract’s fields, trimmed', async () => {
    const calls = stubServer([]);
    const saved = vi.fn();
    renderInApp(<DeviceDialog open record={null} onClose={() => {}} onSaved={saved} />);
    await screen.findByText('Add device');
    fireEvent.change(phone(), { target: { value: ' 013800000002 ' } });
    fireEvent.change(imei(), { target: { value: '861234560000002' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(saved).toHaveBeenCalled(), { timeout: 3000 });
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.path).toBe('/api/basic/devices');
    expect(post?.body).toEqual({
      imei: '861234560000002',
      terminal_phone: '013800000002',
      protocol_version: '2013',
      device_type: null,
      sim: '',
      remark: '',
    });
  });
});
