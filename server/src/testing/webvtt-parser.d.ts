// webvtt-parser (the W3C validator's WebVTT parser) ships no types; this is the part the export tests use.
declare module 'webvtt-parser' {
  export interface WebVttNode {
    type: 'text' | 'object' | 'timestamp';
    name?: string;
    value?: string;
    children?: WebVttNode[];
  }
  export interface WebVttCue {
    id: string;
    startTime: number;
    endTime: number;
    text: string;
    tree: { children: WebVttNode[] };
  }
  export interface WebVttError {
    message: string;
    line: number;
    col: number;
  }
  export class WebVTTParser {
    /** `entities`: the named character references to decode (its html-entities.json for the spec's full list). */
    constructor(entities?: Record<string, string>);
    parse(input: string, mode?: 'metadata' | 'chapters'): { cues: WebVttCue[]; errors: WebVttError[]; time: number };
  }
}
