import { FULL_MASK, PermissionBit } from '@headway/spec';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import type { Page, PageQuery } from '../../api/list';
import type { AppRoute } from '../../app/routes/types';
import { ViewContext } from '../../shell/view-host/view-context';
import { componentSuite, renderInApp } from '../../testing/render';
import { FormDialog } from './FormDialog';
import { ListPage } from './ListPage';

// The shared list page and form dialog with real antd forms and the real query cache; the screen's calls are the
// test's own functions. What the Basic screens rely on: the query form checked before a filter is asked for, the
// bits that show search, export and add, and a server refusal shown under the field it names.

interface Row {
  id: number;
  plate: string;
}
type Query = PageQuery & { search?: string; depot?: string };

const ROWS: Page<Row> = { total: 1, rows: [{ id: 1, plate: 'NY 1234' }] };

function Dialog(props: { open: boolean; row: Row | null; send: (v: { plate: string }) => Promise<unknown> }) {
  const [form] = Form.useForm<{ plate: string }>();
  return (
    <FormDialog<{ plate: string }, Row>
      open={props.open}
      record={props.row}
      form={form}
      title="Vehicle"
      initialValues={(row) => ({ plate: row?.plate ?? '' })}
      onSubmit={props.send}
      onClose={() => {}}
      onSaved={() => {}}
      testId="plate-form"
    >
      <Form.Item name="plate" label="Plate" rules={[{ required: true, message: 'Plate cannot be empty' }]}>
        <Input data-testid="plate" />
      </Form.Item>
    </FormDialog>
  );
}

function Screen(props: {
  mask: number;
  fetch: (q: Query) => Promise<Page<Row>>;
  send?: (v: { plate: string }) => Promise<unknown>;
}) {
  const [queryForm] = Form.useForm<{ depot: string }>();
  return (
    <ViewContext.Provider value={{ name: 'BasicVehicle', permission: props.mask } as AppRoute}>
      <ListPage<Row, Query>
        testId="demo"
        queryKey="demo-list"
        fetch={props.fetch}
        searchPlaceholder="Plate"
        queryForm={queryForm}
        filters={() => (
          <Form form={queryForm} component={false}>
            <Form.Item name="depot" rules={[{ pattern: /^[A-Z]+$/, message: 'Depot in capitals' }]}>
              <Input placeholder="Depot" />
            </Form.Item>
          </Form>
        )}
        columns={[{ title: 'Plate', dataIndex: 'plate' }]}
        remove={{ run: async () => {}, confirm: () => 'Delete?' }}
        exporter={{ path: '/basic/cars/export', fileBase: 'vehicles' }}
        toolbarExtra={<button type="button">Import</button>}
        dialog={(editing, _close, _saved) => (
          <Dialog open={editing !== null} row={editing?.row ?? null} send={props.send ?? (async () => {})} />
        )}
      />
    </ViewContext.Provider>
  );
}

describe('ListPage and FormDialog', { timeout: 60_000 }, () => {
  componentSuite();

  it('asks for no rows while the query form is invalid, then searches once it is put right', async () => {
    const fetch = vi.fn(async (_q: Query) => ROWS);
    renderInApp(<Screen mask={FULL_MASK} fetch={fetch} />);
    await screen.findByTestId('demo-row-1');
    expect(fetch).toHaveBeenCalledTimes(1);

    fireEvent.change(screen.getByPlaceholderText('Depot'), { target: { value: 'north' } });
    const search = screen.getByPlaceholderText('Plate');
    fireEvent.change(search, { target: { value: 'NY' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.keyUp(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await screen.findByText('Depot in capitals', undefined, { timeout: 10_000 });
    expect(fetch).toHaveBeenCalledTimes(1);

    fireEvent.change(screen.getByPlaceholderText('Depot'), { target: { value: 'NORTH' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.keyUp(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2), { timeout: 10_000 });
    expect(fetch.mock.calls[1]?.[0]).toMatchObject({ page: 1, search: 'NY' });
  });

  it('shows search, export, the extra slot, add, edit and delete by the screen bits', async () => {
    const fetch = async () => ROWS;
    const { unmount } = renderInApp(<Screen mask={FULL_MASK} fetch={fetch} />);
    await screen.findByTestId('demo-row-1');
    expect(screen.getByPlaceholderText('Plate')).toBeTruthy();
    expect(screen.getByTestId('demo-export')).toBeTruthy();
    expect(screen.getByTestId('demo-add')).toBeTruthy();
    expect(screen.getByText('Import')).toBeTruthy();
    expect(screen.getByTestId('demo-edit-1')).toBeTruthy();
    unmount();

    renderInApp(<Screen mask={PermissionBit.add} fetch={fetch} />);
    await screen.findByTestId('demo-row-1');
    expect(screen.queryByPlaceholderText('Plate')).toBeNull();
    expect(screen.queryByTestId('demo-export')).toBeNull();
    expect(screen.queryByTestId('demo-edit-1')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.getByTestId('demo-add')).toBeTruthy();
  });

  it('checks the form before saving, and puts a server refusal under the field it names', async () => {
    const send = vi.fn(async () => {
      throw new ApiError(1106, 'Duplicate data', {
        field: 'plate',
        value: 'NY 1234',
        message: 'Plate [NY 1234] already exists',
      });
    });
    renderInApp(<Screen mask={FULL_MASK} fetch={async () => ROWS} send={send} />);
    await screen.findByTestId('demo-row-1');
    fireEvent.click(screen.getByTestId('demo-add'));
    const plate = (await screen.findByTestId('plate')) as HTMLInputElement;
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Plate cannot be empty', undefined, { timeout: 10_000 });
    expect(send).not.toHaveBeenCalled();

    fireEvent.change(plate, { target: { value: 'NY 1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const error = await screen.findByText('Plate [NY 1234] already exists', undefined, { timeout: 10_000 });
    expect(send).toHaveBeenCalledWith({ plate: 'NY 1234' });
    // Under the field, not a passing toast.
    expect(error.closest('.ant-form-item')?.querySelector('[data-testid="plate"]')).not.toBeNull();
  });

  it('fills the edit form from the row', async () => {
    renderInApp(<Screen mask={FULL_MASK} fetch={async () => ROWS} />);
    await screen.findByTestId('demo-row-1');
    fireEvent.click(screen.getByTestId('demo-edit-1'));
    const plate = (await screen.findByTestId('plate')) as HTMLInputElement;
    await waitFor(() => expect(plate.value).toBe('NY 1234'), { timeout: 10_000 });
  });
});
