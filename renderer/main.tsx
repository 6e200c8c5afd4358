import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n/i18n.js';
import { api } from './api/index.js';
import { App } from './App.js';
import { ApiContext } from './wizard/ApiContext.js';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ApiContext.Provider value={api}>
      <App />
    </ApiContext.Provider>
  </StrictMode>,
);
