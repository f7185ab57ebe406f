import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MapProvider } from '../../../map';
import { componentSuite, renderInApp } from '../../../testing/render';
import type { RegionRow } from '../api';
import { RegionDraw } from '../draw/RegionDraw';
import { useRegionDrawing } from '../draw/use-region-drawing';
import { RegionForm } from './RegionForm';

// The shape form with the real drawing on a real OpenLayers map (jsdom draws nothing, but the interactions and
// the coordinate box work); only the server is stood in for, at fetch.

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

function serve(answer: (call: Call) => { code?: number; msg?: string; result?: unknown } = () => ({})) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const parsed = new URL(url, 'http://console.test');
    const call = {
      method: init?.method ?? 'GET',
      path: parsed.pathname,
      query: parsed.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
    };
    calls.push(call);
    let envelope = { code: 0, msg: '', result: null as unknown, ...answer(call) };
    if (call.path === '/api/basic/region/validator' && !('result' in answer(call))) {
      envelope = { ...envelope, result: true };
    }
    return new Response(JSON.stringify(envelope), { headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

function Harness({ editing, onSaved }: { editing: RegionRow | null; onSaved: (row: RegionRow) => void }) {
  const drawing = useRegionDrawing({
    type: (editing?.region_type ?? 1) as 0 | 1 | 2 | 3 | 4,
    point: editing?.region_point ?? null,
  });
  return (
    <MapProvider datum="wgs84" center={[-74.15, 40.58]} zoom={12} labels={{ name: 'Map', zoomIn: '+', zoomOut: '-' }}>
      <RegionDraw
        type={drawing.type}
        initial={drawing.initial}
        resetKey={drawing.resetKey}
        goto={drawing.goto}
        onChange={drawing.setPoint}
      />
      <RegionForm editing={editing} drawing={drawing} onSaved={onSaved} />
    </MapProvider>
  );
}

const row: RegionRow = {
  id: 9,
  region_name: 'Depot',
  region_type: 4,
  use_type: 1,
  center: '40.6,-74.1',
  center_lat: 40.6,
  center_lng: -74.1,
  is_share: 1,
  img_url: '',
  region_point: '40.6,-74.1|40.61,-74.11',
  region_option: '{"width":80,"alarm":{"enter":true}}',
  remark: 'north gate',
  style: '{"color":"red"}',
  icon: 'depot',
  created_by: 1,
  created_by_account: 'admin',
  created_at: 0,
  updated_at: 0,
};

const form = () => screen.getByTestId('region-form');
const drawn = () => form().getAttribute('data-region-drawn');
const save = () => screen.getByTestId('region-save') as HTMLButtonElement;

function goTo(text: string) {
  const box = screen.getByTestId('region-coords');
  fireEvent.change(box, { target: { value: text } });
  fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
  // The input takes one Enter per key press: it waits for the key to come up.
  fireEvent.keyUp(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

describe('the region shape form', { timeout: 30_000 }, () => {
  componentSuite();

  it('needs a name: required, trimmed, at most 128, not taken', async () => {
    serve((call) =>
      call.path === '/api/basic/region/validator' ? { result: call.query.get('region_name') !== 'Depot' } : {},
    );
    renderInApp(<Harness editing={null} onSaved={() => {}} />);
    const name = screen.getByTestId('region-name');
    fireEvent.change(name, { target: { value: '   ' } });
    expect(await screen.findByText('Enter the region name')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'x'.repeat(129) } });
    expect(await screen.findByText('At most 128 characters')).toBeTruthy();
    fireEvent.change(name, { target: { value: `  ${'x'.repeat(128)}  ` } });
    await waitFor(() => expect(screen.queryByText('At most 128 characters')).toBeNull());
    fireEvent.change(name, { target: { value: ' Depot ' } });
    expect(await screen.findByText('Depot already exists')).toBeTruthy();
  });

  it('needs a shape: save stays off until one is drawn, and a new type clears it', async () => {
    serve();
    renderInApp(<Harness editing={null} onSaved={() => {}} />);
    expect(save().disabled).toBe(true);
    expect(screen.getByText('Draw the circle: press on the centre, drag, release')).toBeTruthy();
    fireEvent.click(screen.getByTestId('region-type-0'));
    expect(screen.getByText('Click the map to place the marker')).toBeTruthy();

    // The coordinate box ignores anything but `lat,lng` in range.
    for (const text of ['91,0', '40.6', 'a,b', '40.6,-181']) goTo(text);
    expect(drawn()).toBe('');
    expect(save().disabled).toBe(true);

    // A valid one places the POI's marker there.
    goTo(' 40.6 , -74.1 ');
    await waitFor(() => expect(drawn()).toBe('40.6,-74.1'));
    expect(save().disabled).toBe(false);

    fireEvent.click(screen.getByTestId('region-type-3'));
    await waitFor(() => expect(drawn()).toBe(''));
    expect(save().disabled).toBe(true);
    // Other types only move the map: the shape is theirs to draw.
    goTo('40.6,-74.1');
    expect(drawn()).toBe('');
  });

  it('saves a new POI with its trimmed name and says so', async () => {
    const calls = serve((call) =>
      call.method === 'POST' && call.path === '/api/basic/region' ? { result: { ...row, id: 12 } } : {},
    );
    const onSaved = vi.fn();
    renderInApp(<Harness editing={null} onSaved={onSaved} />);
    fireEvent.change(screen.getByTestId('region-name'), { target: { value: '  Gas 7 ' } });
    fireEvent.click(screen.getByTestId('region-type-0'));
    goTo('40.58,-74.15');
    await waitFor(() => expect(save().disabled).toBe(false));
    fireEvent.click(save());
    expect(await screen.findByText('Region saved')).toBeTruthy();
    const posted = calls.find((c) => c.method === 'POST' && c.path === '/api/basic/region');
    expect(posted?.body).toMatchObject({
      region_name: 'Gas 7',
      region_type: 0,
      region_point: '40.58,-74.15',
      is_share: 0,
      use_type: 0,
      region_option: '{}',
    });
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 12 }));
  });

  it('shows a refused save as the server’s message with its code', async () => {
    serve((call) =>
      call.method === 'POST' && call.path === '/api/basic/region' ? { code: 1004, msg: 'Shape is invalid' } : {},
    );
    renderInApp(<Harness editing={null} onSaved={() => {}} />);
    fireEvent.change(screen.getByTestId('region-name'), { target: { value: 'Gas 7' } });
    fireEvent.click(screen.getByTestId('region-type-0'));
    goTo('40.58,-74.15');
    await waitFor(() => expect(save().disabled).toBe(false));
    fireEvent.click(save());
    expect(await screen.findByText('Shape is invalid (Error Code: 1004)')).toBeTruthy();
  });

  it('edits a path: starts from its shape, keeps what it does not show, sends the corridor width and overstay', async () => {
    const calls = serve((call) => (call.method === 'PUT' ? { result: row } : {}));
    renderInApp(<Harness editing={row} onSaved={() => {}} />);
    await waitFor(() => expect(drawn()).toBe(row.region_point));
    expect((screen.getByTestId('region-name') as HTMLInputElement).value).toBe('Depot');
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Corridor width each side (m)' }), {
      target: { value: '120' },
    });
    fireEvent.change(screen.getByTestId('region-overstay'), { target: { value: '45' } });
    fireEvent.click(save());
    await screen.findByText('Region saved');
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({
      id: 9,
      region_name: 'Depot',
      region_type: 4,
      region_point: row.region_point,
      is_share: 1,
      use_type: 1,
      remark: 'north gate',
      style: '{"color":"red"}',
      icon: 'depot',
    });
    expect(JSON.parse((put?.body as { region_option?: string } | undefined)?.region_option ?? 'null')).toEqual({
      width: 120,
      overstay_minutes: 45,
      alarm: { enter: true },
    });
    // The name check leaves the region's own name alone.
    expect(calls.find((c) => c.path === '/api/basic/region/validator')?.query.get('id')).toBe('9');
  });
});
