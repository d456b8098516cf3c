import { useEffect, useRef, useState } from 'react';

/**
 * A small poster for a list row. Videos load only once the row scrolls into view (a long
 * list must not open hundreds of media requests); `#t=` shows a frame near the start.
 */
export function ListThumb({ type, url, label }: { type: 'video' | 'image'; url: string; label: string }) {
  const box = useRef<HTMLSpanElement>(null);
  const [isVisible, setVisible] = useState(type === 'image');
  useEffect(() => {
    if (isVisible || !box.current) return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setVisible(true);
    });
    io.observe(box.current);
    return () => io.disconnect();
  }, [isVisible]);
  return (
    <span ref={box} className="list-thumb">
      {type === 'image' && <img src={url} alt={label} loading="lazy" />}
      {type === 'video' && isVisible && <video src={`${url}#t=0.5`} preload="metadata" muted aria-label={label} />}
    </span>
  );
}
