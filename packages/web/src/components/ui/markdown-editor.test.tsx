// @vitest-environment happy-dom
import { CONTENT_IMAGE_LIMITS } from '@automate/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client.ts';
import { renderWithProviders } from '@/testing/render.tsx';
import { MarkdownEditor } from './markdown-editor.tsx';

const user = userEvent.setup({ delay: null });

function Harness({
  initial = '',
  onUploadImage,
}: {
  initial?: string;
  onUploadImage?: ((file: File) => Promise<string>) | undefined;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <MarkdownEditor
        label="Content"
        name="content"
        value={value}
        onChange={setValue}
        onUploadImage={onUploadImage}
        uploadDisabledReason="Create the article first, then add images."
        imageLimits={CONTENT_IMAGE_LIMITS}
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

const textarea = () => screen.getByRole('textbox', { name: 'Content (Markdown)' }) as HTMLTextAreaElement;
const choose = (file: File) =>
  fireEvent.change(screen.getByTestId('content-image-input'), { target: { files: [file] } });
const png = (name = 'photo.png', size = 100) => new File([new Uint8Array(size)], name, { type: 'image/png' });

describe('the Markdown editor', () => {
  it('previews the text as readers will see it', async () => {
    renderWithProviders(<Harness />);
    const preview = screen.getByTestId('content-preview');
    expect(within(preview).getByText('Nothing to preview yet.')).toBeTruthy();
    await user.type(textarea(), '## Hello');
    await waitFor(() => expect(within(preview).getByRole('heading', { name: 'Hello' })).toBeTruthy());
  });

  it('uploads a chosen image and puts ![](url) where the cursor was', async () => {
    const upload = vi.fn(async () => '/api/Content/images/article-1.png');
    renderWithProviders(<Harness initial="First.Second." onUploadImage={upload} />);
    textarea().focus();
    textarea().setSelectionRange(6, 6);
    fireEvent.keyUp(textarea(), { key: 'ArrowRight' });
    choose(png());
    await waitFor(() =>
      expect(screen.getByTestId('value').textContent).toBe(
        'First.\n\n![](/api/Content/images/article-1.png)\n\nSecond.',
      ),
    );
    expect(upload).toHaveBeenCalledWith(expect.objectContaining({ name: 'photo.png' }));
  });

  it('adds the image at the end when nobody has been in the text yet', async () => {
    renderWithProviders(<Harness initial="Intro." onUploadImage={async () => '/api/Content/images/b.png'} />);
    choose(png());
    await waitFor(() =>
      expect(screen.getByTestId('value').textContent).toBe('Intro.\n\n![](/api/Content/images/b.png)'),
    );
  });

  it('refuses a file that is not an image, or is over 5 MB, without uploading it', async () => {
    const upload = vi.fn(async () => '/x.png');
    renderWithProviders(<Harness onUploadImage={upload} />);
    choose(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    await screen.findByText('“notes.txt” is not an image that can be uploaded: choose a PNG, JPEG, GIF or WebP file.');
    choose(png('huge.png', CONTENT_IMAGE_LIMITS.maxBytes + 1));
    await screen.findByText(/“huge.png” is 5 MB: images can be at most 5 MB/);
    expect(upload).not.toHaveBeenCalled();
    expect(screen.getByTestId('value').textContent).toBe('');
  });

  it('shows the server’s sentence when it refuses the upload', async () => {
    const upload = vi.fn(async () => {
      throw new ApiError({
        message: 'Only PNG, JPEG, GIF and WebP images can be uploaded.',
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        method: 'POST',
        path: '/Content/article/1/image',
      });
    });
    renderWithProviders(<Harness onUploadImage={upload} />);
    choose(png('renamed.png'));
    await screen.findByText('Only PNG, JPEG, GIF and WebP images can be uploaded.');
    expect(screen.getByTestId('value').textContent).toBe('');
    expect((screen.getByRole('button', { name: 'Insert image' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('disables images until there is somewhere to upload them, saying why', () => {
    renderWithProviders(<Harness />);
    const button = screen.getByRole('button', { name: 'Insert image' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByRole('button', { description: 'Create the article first, then add images.' })).toBe(button);
  });

  it('lets the keyboard reach the preview, which scrolls when long', () => {
    renderWithProviders(<Harness />);
    const preview = screen.getByRole('region', { name: 'Content preview' });
    expect(preview.tabIndex).toBe(0);
  });
});
