import { useRef, useState, type DragEvent } from 'react';

const carriesFiles = (e: DragEvent): boolean => [...e.dataTransfer.types].includes('Files');

/**
 * Files dropped anywhere on a page. dragenter/dragleave fire for every child crossed, so a
 * depth counter tells when the pointer really left the page.
 */
export function usePageDrop(onFiles: (files: File[]) => void) {
  const [isOver, setOver] = useState(false);
  const depth = useRef(0);
  const handlers = {
    onDragEnter: (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      depth.current++;
      setOver(true);
    },
    onDragOver: (e: DragEvent) => {
      if (carriesFiles(e)) e.preventDefault();
    },
    onDragLeave: (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setOver(false);
    },
    onDrop: (e: DragEvent) => {
      depth.current = 0;
      setOver(false);
      if (!carriesFiles(e) || e.defaultPrevented) return;
      e.preventDefault();
      const files = [...e.dataTransfer.files];
      if (files.length > 0) onFiles(files);
    },
  };
  return { isOver, handlers };
}
