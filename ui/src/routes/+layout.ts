// SPA inside Tauri: no server rendering, no prerendering (load would run at build time without
// the Tauri APIs); adapter-static writes build/index.html as the fallback for every route.
export const ssr = false;
export const prerender = false;
