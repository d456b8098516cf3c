// What `zod` resolves to in the renderer's bundle (src-renderer/vite.config.ts): zod, with its
// options set before any of it runs. Every schema in the page (the API contract's too) comes
// through here, whichever chunk it lands in (docs/gui.md, "The page's security policy").
import './zod-options';

export * from 'zod/v4';
