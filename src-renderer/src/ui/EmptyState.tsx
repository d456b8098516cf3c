import type { ReactNode } from 'react';

/**
 * An empty screen that says what to do next. `level` keeps the heading order: 2 when it
 * stands right under the page's h1, 3 (default) inside a section with its own h2.
 */
export function EmptyState({
  icon,
  title,
  children,
  action,
  level = 3,
}: {
  icon: string;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  level?: 2 | 3;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className="empty" role="status">
      <div className="empty-icon" aria-hidden="true">
        {icon}
      </div>
      <Heading>{title}</Heading>
      {children && <p>{children}</p>}
      {action}
    </div>
  );
}
