/*
 * Incremental pocketsphinx decoder for live subtitles, driven by data, not by a clock.
 * Node writes commands on stdin and reads one JSON line on stdout per answer:
 *   "A <n>\n" + n bytes   16 kHz mono PCM16LE for the utterance in progress (opens one if none)
 *   "P\n"                 partial: the best hypothesis so far, with word timings
 *   "E\n"                 end of speech: closes the utterance and answers its final
 * On start it answers {"type":"ready"} once the model is loaded. EOF on stdin ends the process.
 * Each audio chunk is decoded as it arrives (ps_process_raw), so a partial costs a backtrace, not a
 * re-recognition, and the final needs only the second pass over the lattice already built.
 * Word times are milliseconds from the first sample of the utterance (10 ms frames).
 * Arguments are pocketsphinx's own (-hmm -lm -dict ...).
 */
#include <pocketsphinx.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int in_utterance = 0;

static void print_json_string(const char *s, size_t n) {
  putchar('"');
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c == '"' || c == '\\') { putchar('\\'); putchar(c); }
    else if (c < 0x20) printf("\\u%04x", c);
    else putchar(c);
  }
  putchar('"');
}

/* Fillers (<s>, </s>, <sil>, [NOISE], ++BREATH++) are not words the speaker said. */
static int is_filler(const char *word) {
  return word[0] == '<' || word[0] == '[' || word[0] == '+';
}

static void print_result(ps_decoder_t *ps, const char *type, int with_confidence) {
  logmath_t *lmath = ps_get_logmath(ps);
  int first = 1;
  printf("{\"type\":\"%s\",\"words\":[", type);
  ps_seg_t *seg = in_utterance || !strcmp(type, "final") ? ps_seg_iter(ps) : NULL;
  for (; seg; seg = ps_seg_next(seg)) {
    const char *word = ps_seg_word(seg);
    if (!word || is_filler(word)) continue;
    /* "the(2)" names a pronunciation variant of "the". */
    size_t n = strlen(word);
    const char *paren = strchr(word, '(');
    if (paren && paren > word && word[n - 1] == ')') n = (size_t)(paren - word);
    int sf = 0, ef = 0;
    ps_seg_frames(seg, &sf, &ef);
    printf("%s{\"w\":", first ? "" : ",");
    print_json_string(word, n);
    printf(",\"s\":%d,\"e\":%d", sf * 10, (ef + 1) * 10);
    if (with_confidence) {
      int32 ascr, lscr, lback;
      double p = logmath_exp(lmath, ps_seg_prob(seg, &ascr, &lscr, &lback));
      printf(",\"p\":%.3f", p < 0 ? 0.0 : p > 1 ? 1.0 : p);
    }
    putchar('}');
    first = 0;
  }
  printf("]}\n");
  fflush(stdout);
}

int main(int argc, char *argv[]) {
  cmd_ln_t *config = cmd_ln_parse_r(NULL, ps_args(), argc, argv, FALSE);
  if (!config) { fprintf(stderr, "ps-stream: bad arguments\n"); return 2; }
  ps_decoder_t *ps = ps_init(config);
  if (!ps) { fprintf(stderr, "ps-stream: model failed to load\n"); return 3; }
  printf("{\"type\":\"ready\"}\n");
  fflush(stdout);

  char line[64];
  size_t capacity = 0;
  int16 *buffer = NULL;
  while (fgets(line, sizeof line, stdin)) {
    if (line[0] == 'A') {
      long bytes = strtol(line + 1, NULL, 10);
      if (bytes < 0 || bytes > 16 * 1024 * 1024 || bytes % 2) { fprintf(stderr, "ps-stream: bad chunk size\n"); return 4; }
      if ((size_t)bytes > capacity) {
        capacity = (size_t)bytes;
        buffer = realloc(buffer, capacity);
        if (!buffer) { fprintf(stderr, "ps-stream: out of memory\n"); return 5; }
      }
      if (bytes && fread(buffer, 1, (size_t)bytes, stdin) != (size_t)bytes) break;
      if (!in_utterance) {
        /* Segment times are stream-wide otherwise; a new stream per utterance makes them start at 0. */
        ps_start_stream(ps);
        ps_start_utt(ps);
        in_utterance = 1;
      }
      ps_process_raw(ps, buffer, (size_t)bytes / 2, FALSE, FALSE);
    } else if (line[0] == 'P') {
      print_result(ps, "partial", 0);
    } else if (line[0] == 'E') {
      if (in_utterance) { ps_end_utt(ps); in_utterance = 0; print_result(ps, "final", 1); }
      else { printf("{\"type\":\"final\",\"words\":[]}\n"); fflush(stdout); }
    } else {
      fprintf(stderr, "ps-stream: unknown command %c\n", line[0]);
      return 4;
    }
  }
  free(buffer);
  ps_free(ps);
  cmd_ln_free_r(config);
  return 0;
}
