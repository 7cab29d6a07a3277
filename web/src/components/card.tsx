import { useId, type ReactNode } from 'react';

type CardProps = {
  title?: string;
  /** Extra content in the card's header row, e.g. an action button. */
  actions?: ReactNode;
  tone?: 'default' | 'danger';
  className?: string;
  children: ReactNode;
};

export function Card({ title, actions, tone = 'default', className, children }: CardProps) {
  const headingId = useId();
  return (
    <section
      className={['card', tone === 'danger' ? 'card-danger' : '', className ?? ''].filter(Boolean).join(' ')}
      aria-labelledby={title ? headingId : undefined}
    >
      {(title || actions) && (
        <div className="card-header">
          {title && (
            <h2 id={headingId} className="card-title">
              {title}
            </h2>
          )}
          {actions}
        </div>
      )}
      {children}
    </section>
  );
}
