// Resolves the browser's IANA time zone off the page's main thread: the first Intl.DateTimeFormat of a
// thread loads ICU's date formatting, ~50 ms on a laptop and ~200 ms on a phone-class CPU (issue 27).
postMessage(Intl.DateTimeFormat().resolvedOptions().timeZone || null);
// Its one answer given, the worker ends itself (the page does not keep a handle to end it).
close();
