// Shared set-up for the unit suite (jsdom). Kept minimal; the ui helper may extend it.
export {};
