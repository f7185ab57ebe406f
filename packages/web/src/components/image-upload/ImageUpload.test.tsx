import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { componentSuite, renderInApp } from '../../testing/render';
import { ImageUpload } from './ImageUpload';

// The picture control against a stubbed server (XMLHttpRequest, the only part outside the console): the spec's
// rule checked before a byte is sent, the kind named in the `data` query, progress shown, the answer's address
// stored, "remove" empties the field.

interface Sent {
  url: string;
  headers: Record<string, string>;
  body: Uint8Array;
}

function serve(answer: unknown) {
  const sent: Sent[] = [];
  class StubXhr {
    upload: { onprogress: ((e: { loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    timeout = 0;
    responseType = '';
    response: unknown = null;
    private url = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {}
    send(body: Uint8Array) {
      sent.push({ url: this.url, headers: this.headers, body });
      this.upload.onprogress?.({ loaded: body.length, total: body.length });
      this.response = answer;
      queueMicrotask(() => this.onload?.());
    }
  }
  vi.stubGlobal('XMLHttpRequest', StubXhr);
  return sent;
}

function pick(file: File) {
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
}

describe('ImageUpload', () => {
  componentSuite();

  it('uploads a PNG for its kind and stores the address the server answers', async () => {
    const sent = serve({ code: 0, msg: '', result: { url: '/upload/1/vehicle/x.png', size: 3, type: 'image/png' } });
    const onChange = vi.fn();
    renderInApp(<ImageUpload kind="vehicle" onChange={onChange} />);
    pick(new File([new Uint8Array([0x89, 0x50, 0x4e])], 'bus.png', { type: 'image/png' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('/upload/1/vehicle/x.png'));
    expect(sent).toHaveLength(1);
    const url = new URL(sent[0]?.url ?? '', 'http://console.test');
    expect(url.pathname).toBe('/api/upload');
    expect(JSON.parse(url.searchParams.get('data') ?? '')).toEqual({ path: 'vehicle', rename: 1 });
    expect(sent[0]?.headers['content-type']).toBe('image/png');
    expect(Array.from(sent[0]?.body ?? [])).toEqual([0x89, 0x50, 0x4e]);
  });

  it('refuses a GIF and a picture of 2 MB before sending anything', async () => {
    const sent = serve({ code: 0, msg: '', result: { url: '/x' } });
    const onChange = vi.fn();
    renderInApp(<ImageUpload kind="vehicle" onChange={onChange} />);
    pick(new File([new Uint8Array(10)], 'bus.gif', { type: 'image/gif' }));
    expect(await screen.findByText('JPG or PNG, under 2 MB', { selector: '.ant-message *' })).toBeTruthy();
    pick(new File([new Uint8Array(2 * 1024 * 1024)], 'big.png', { type: 'image/png' }));
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toHaveLength(0);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('shows the picture it holds and empties the field on remove', () => {
    serve(null);
    const onChange = vi.fn();
    renderInApp(<ImageUpload kind="vehicle" value="/upload/1/vehicle/x.png" onChange={onChange} />);
    expect(screen.getByTestId('image-upload-preview').getAttribute('src')).toBe('/upload/1/vehicle/x.png');
    fireEvent.click(screen.getByRole('button', { name: 'Remove the picture' }));
    expect(onChange).toHaveBeenCalledWith('');
  });
});
