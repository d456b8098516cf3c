import { useRef, useState, type ReactNode } from 'react';
import { Button } from './Button';

/** Drop files here, or pick them with the button (keyboard users). */
export function DropZone({
  onFiles,
  multiple = true,
  children,
  buttonLabel = 'Choose files…',
}: {
  onFiles: (files: File[]) => void;
  multiple?: boolean;
  children?: ReactNode;
  buttonLabel?: string;
}) {
  const [isOver, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  return (
    <div
      className="dropzone"
      data-over={isOver}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        // Handled here: a page-wide drop target around this zone must not take it again.
        e.preventDefault();
        setOver(false);
        const files = [...e.dataTransfer.files];
        if (files.length > 0) onFiles(multiple ? files : files.slice(0, 1));
      }}
    >
      <div className="stack" style={{ alignItems: 'center' }}>
        {children}
        <Button onClick={() => input.current?.click()}>{buttonLabel}</Button>
        <input
          ref={input}
          type="file"
          multiple={multiple}
          hidden
          aria-label={buttonLabel}
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            if (files.length > 0) onFiles(files);
          }}
        />
      </div>
    </div>
  );
}
