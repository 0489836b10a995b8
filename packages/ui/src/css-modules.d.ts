// Components import their own stylesheet ('./week-calendar.css'); the apps' bundler (Vite) handles it.
declare module '*.css';
