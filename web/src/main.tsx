import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { followMembersLanguage } from './lib/i18n/follow-member.ts';
import './styles/base.css';
import './styles/components.css';
import './styles/layout.css';
import './styles/pages.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// A catalog that cannot load leaves the app in English rather than blank.
void followMembersLanguage()
  .catch(() => undefined)
  .finally(() =>
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
