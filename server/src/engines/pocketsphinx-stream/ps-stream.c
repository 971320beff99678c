/*
 * Incremental pocketsphinx decoder for live subtitles, driven by data, not by a clock.
 * Node writes commands on stdin and reads one JSON line on stdout per answer:
 *   "A <n>\n" + n bytes   16 kHz mono PCM16LE for the utterance in progress (opens one if none)
 *   "P\n"                 partial: the best hypothesis so far, with word timings
 *   "E\n"                 end of speech: closes the utterance and answers its final
 *   "W <update> <weight> <word> <phones>\n"
 *                         adds a word (the user's proper words) to the dictionary with its phones and
 *                         to the language model as a unigram <weight> times a uniform one; <update> 1
 *                         on the last word of a batch rebuilds the search once (it costs ~0.1 s)
 *   "F <path>\n"          decodes a whole 16 kHz mono PCM16 wav file, cut into utterances by the
 *                         decoder's own voice activity as pocketsphinx_continuous does (the upload path)
 * On start it answers {"type":"ready"} once the model is loaded. EOF on stdin ends the process.
 * Each audio chunk is decoded as it arrives (ps_process_raw), so a partial costs a lattice over the
 * words so far (or a backtrace), not a re-recognition, and the final needs only the second pass
 * over the lattice already built.
 * Word times are milliseconds from the first sample of the utterance (10 ms frames).
 * Arguments are pocketsphinx's own (-hmm -lm -dict ...).
 */
#include <pocketsphinx.h>
#include <ps_lattice.h>
#include <ps_search.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

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

/* One word of an answer, with its frames (a copy: lattice answers come from a child process). */
#define WORD_MAX 80
typedef struct { char word[WORD_MAX]; int sf, ef; double p; } answer_word_t;

static answer_word_t *answer = NULL;
static size_t answer_len = 0, answer_cap = 0;

static void add_word(const char *word, int sf, int ef, double p) {
  if (!word || is_filler(word)) return;
  if (answer_len == answer_cap) {
    answer_cap = answer_cap ? answer_cap * 2 : 64;
    answer = realloc(answer, answer_cap * sizeof *answer);
    if (!answer) { fprintf(stderr, "ps-stream: out of memory\n"); exit(5); }
  }
  answer_word_t *slot = &answer[answer_len++];
  snprintf(slot->word, WORD_MAX, "%s", word);
  slot->sf = sf;
  slot->ef = ef;
  slot->p = p;
}

static void print_answer(const char *type, int with_confidence) {
  printf("{\"type\":\"%s\",\"words\":[", type);
  for (size_t i = 0; i < answer_len; i++) {
    const char *word = answer[i].word;
    /* "the(2)" names a pronunciation variant of "the". */
    size_t n = strlen(word);
    const char *paren = strchr(word, '(');
    if (paren && paren > word && word[n - 1] == ')') n = (size_t)(paren - word);
    printf("%s{\"w\":", i ? "," : "");
    print_json_string(word, n);
    printf(",\"s\":%d,\"e\":%d", answer[i].sf * 10, (answer[i].ef + 1) * 10);
    if (with_confidence) printf(",\"p\":%.3f", answer[i].p < 0 ? 0.0 : answer[i].p > 1 ? 1.0 : answer[i].p);
    putchar('}');
  }
  printf("]}\n");
  fflush(stdout);
  answer_len = 0;
}

/* The backtrace of the first pass: the best word sequence ending in the current frame. */
static void collect_backtrace(ps_decoder_t *ps, int with_confidence) {
  logmath_t *lmath = ps_get_logmath(ps);
  for (ps_seg_t *seg = ps_seg_iter(ps); seg; seg = ps_seg_next(seg)) {
    int sf = 0, ef = 0;
    ps_seg_frames(seg, &sf, &ef);
    int32 ascr, lscr, lback;
    double p = with_confidence ? logmath_exp(lmath, ps_seg_prob(seg, &ascr, &lscr, &lback)) : 0;
    add_word(ps_seg_word(seg), sf, ef, p);
  }
}

/*
 * A partial from the lattice of the utterance so far, rescored with the full trigram as the final
 * is (-bestpath). The first pass's own backtrace scores words against the lexicon tree's
 * approximate language model, so in a partial it often says "hello everyone added welcome" for
 * "hello everyone and welcome" and corrects itself only in the final: the word shows up late.
 * Answers 0 when no lattice can be made yet. Runs in a child process (lattice_partial_isolated).
 */
static int collect_lattice_partial(ps_decoder_t *ps) {
  ps_lattice_t *dag = ps_get_lattice(ps);
  if (!dag) return 0;
  cmd_ln_t *config = ps_get_config(ps);
  ngram_model_t *lm = ps_get_lm(ps, ps_get_search(ps));
  if (!lm) return 0;
  float32 lwf = cmd_ln_float32_r(config, "-bestpathlw") / cmd_ln_float32_r(config, "-lw");
  ps_latlink_t *last = ps_lattice_bestpath(dag, lm, lwf, 1.0f / cmd_ln_float32_r(config, "-ascale"));
  if (!last) return 0;
  size_t first = answer_len;
  /* The path runs backwards from the last link; each link names the word it leaves. */
  ps_latnode_t *end = ps_latlink_nodes(last, NULL);
  int16 end_fef = 0, end_lef = 0;
  int end_sf = ps_latnode_times(end, &end_fef, &end_lef);
  add_word(ps_latnode_word(dag, end), end_sf, end_lef, 0);
  for (ps_latlink_t *link = last; link; link = ps_latlink_pred(link)) {
    int16 sf = 0;
    int ef = ps_latlink_times(link, &sf);
    add_word(ps_latlink_word(dag, link), sf, ef, 0);
  }
  for (size_t i = first, j = answer_len; j > i + 1; i++, j--) {
    answer_word_t t = answer[i]; answer[i] = answer[j - 1]; answer[j - 1] = t;
  }
  return 1;
}

/*
 * pocketsphinx (5prealpha) is not built for lattices mid-utterance: with no </s> exit in the last
 * decoded frame its end-node search reads a backpointer mark not written yet and gives up, and on
 * long utterances building the lattice can read past the table and crash (seen with an 18 s
 * utterance asked for a partial every 40 ms). So the lattice is built in a fork: the child shares
 * the decoder's memory copy-on-write, prints the words on a pipe and exits; a child that fails or
 * crashes costs this partial its lattice, never the decoder, whose own state it never touches.
 */
static int lattice_partial_isolated(ps_decoder_t *ps) {
  int fds[2];
  if (pipe(fds)) return 0;
  fflush(stdout);
  pid_t child = fork();
  if (child < 0) { close(fds[0]); close(fds[1]); return 0; }
  if (child == 0) {
    close(fds[0]);
    answer_len = 0;
    if (!collect_lattice_partial(ps)) _exit(1);
    FILE *out = fdopen(fds[1], "w");
    if (!out) _exit(2);
    for (size_t i = 0; i < answer_len; i++) fprintf(out, "%d %d %s\n", answer[i].sf, answer[i].ef, answer[i].word);
    fclose(out);
    _exit(0);
  }
  close(fds[1]);
  FILE *in = fdopen(fds[0], "r");
  size_t first = answer_len;
  char text[WORD_MAX + 32];
  while (in && fgets(text, sizeof text, in)) {
    int sf = 0, ef = 0, used = 0;
    if (sscanf(text, "%d %d %n", &sf, &ef, &used) < 2) continue;
    text[strcspn(text, "\n")] = 0;
    add_word(text + used, sf, ef, 0);
  }
  if (in) fclose(in); else close(fds[0]);
  int status = 0;
  while (waitpid(child, &status, 0) < 0 && errno == EINTR) {}
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return 1;
  answer_len = first;
  return 0;
}

/*
 * The lattice can be made only at a frame where </s> exits, about one partial in two. At other
 * frames the partial keeps what the last lattice of this utterance said and adds the backtrace's
 * words that start after it: the words already corrected stay corrected instead of flickering back
 * to the first pass's guess ("and" → "added" → "and"), and new words still show at once.
 */
static answer_word_t *settled = NULL;
static size_t settled_len = 0, settled_cap = 0;

static void settle_answer(void) {
  if (answer_len > settled_cap) {
    settled_cap = answer_len;
    settled = realloc(settled, settled_cap * sizeof *settled);
    if (!settled) { fprintf(stderr, "ps-stream: out of memory\n"); exit(5); }
  }
  if (answer_len) memcpy(settled, answer, answer_len * sizeof *answer);
  settled_len = answer_len;
}

static void answer_partial(ps_decoder_t *ps) {
  if (in_utterance) {
    if (lattice_partial_isolated(ps)) settle_answer();
    else {
      int settled_end = settled_len ? settled[settled_len - 1].ef : -1;
      collect_backtrace(ps, 0);
      size_t fresh = 0;
      while (fresh < answer_len && answer[fresh].sf <= settled_end) fresh++;
      size_t tail = answer_len - fresh;
      answer_word_t *words = malloc((settled_len + tail + 1) * sizeof *words);
      if (!words) { fprintf(stderr, "ps-stream: out of memory\n"); exit(5); }
      if (settled_len) memcpy(words, settled, settled_len * sizeof *words);
      if (tail) memcpy(words + settled_len, answer + fresh, tail * sizeof *words);
      answer_len = 0;
      for (size_t i = 0; i < settled_len + tail; i++) add_word(words[i].word, words[i].sf, words[i].ef, 0);
      free(words);
    }
  }
  print_answer("partial", 0);
}

static void answer_final(ps_decoder_t *ps) {
  collect_backtrace(ps, 1);
  print_answer("final", 1);
}

/*
 * Adds one word. The language model gets it first with the asked weight: ps_add_word then finds it
 * there and keeps that probability (its own would be 1/N, as rare as the rarest words). A word
 * already in the dictionary is refused by ps_add_word, so Node adds the user's spelling ("Dashwood")
 * beside cmudict's lower-case entry, which both lookups tell apart.
 */
static void answer_add_word(ps_decoder_t *ps, char *args) {
  int update = 0, used = 0;
  double weight = 1;
  char word[WORD_MAX];
  const char *error = NULL;
  if (sscanf(args, "%d %lf %79s %n", &update, &weight, word, &used) < 3 || !used) error = "bad word command";
  else {
    char *phones = args + used;
    phones[strcspn(phones, "\n")] = 0;
    ngram_model_t *lm = ps_get_lm(ps, ps_get_search(ps));
    if (ps_lookup_word(ps, word)) error = "already in the dictionary";
    else if (!lm || weight <= 0) error = "no language model";
    else if (ngram_model_add_word(lm, word, (float32)weight) < 0) error = "language model refused the word";
    else if (ps_add_word(ps, word, phones, update) < 0) error = "dictionary refused the word (unknown phone?)";
  }
  printf("{\"type\":\"word\",\"ok\":%s", error ? "false" : "true");
  if (error) { printf(",\"error\":"); print_json_string(error, strlen(error)); }
  printf("}\n");
  fflush(stdout);
}

/*
 * Checks a RIFF/WAVE header and leaves the file after its first 44 bytes, as pocketsphinx_continuous
 * does (it reads any chunk after "fmt " as samples). Reading from the same byte keeps the frames, so
 * a file decodes as it does there except for the added words; a shift of a few samples alone changes
 * marginal words ("the weather" → "where there" on espeak-ng speech).
 */
static int seek_wav_data(FILE *file) {
  char header[44];
  if (fread(header, 1, 44, file) != 44) return 0;
  return !memcmp(header, "RIFF", 4) && !memcmp(header + 8, "WAVE", 4);
}

/* One utterance of a file: words with stream-wide times and the utterance's number. */
static void print_file_utterance(ps_decoder_t *ps, int *first, int index) {
  logmath_t *lmath = ps_get_logmath(ps);
  for (ps_seg_t *seg = ps_seg_iter(ps); seg; seg = ps_seg_next(seg)) {
    const char *word = ps_seg_word(seg);
    if (!word || is_filler(word)) continue;
    int sf = 0, ef = 0;
    ps_seg_frames(seg, &sf, &ef);
    int32 ascr, lscr, lback;
    double p = logmath_exp(lmath, ps_seg_prob(seg, &ascr, &lscr, &lback));
    size_t n = strlen(word);
    const char *paren = strchr(word, '(');
    if (paren && paren > word && word[n - 1] == ')') n = (size_t)(paren - word);
    printf("%s{\"w\":", *first ? "" : ",");
    print_json_string(word, n);
    printf(",\"s\":%d,\"e\":%d,\"p\":%.3f,\"u\":%d}", sf * 10, ef * 10, p < 0 ? 0.0 : p > 1 ? 1.0 : p, index);
    *first = 0;
  }
}

/* The loop of pocketsphinx_continuous -infile, answering all words in one line. */
static void answer_file(ps_decoder_t *ps, char *path) {
  path[strcspn(path, "\n")] = 0;
  FILE *file = fopen(path, "rb");
  if (!file || !seek_wav_data(file)) {
    if (file) fclose(file);
    printf("{\"type\":\"file\",\"error\":\"cannot read the wav file\"}\n");
    fflush(stdout);
    return;
  }
  int16 samples[2048];
  size_t k;
  int started = 0, first = 1, index = 0;
  printf("{\"type\":\"file\",\"words\":[");
  ps_start_stream(ps);
  ps_start_utt(ps);
  while ((k = fread(samples, sizeof(int16), 2048, file)) > 0) {
    ps_process_raw(ps, samples, k, FALSE, FALSE);
    int in_speech = ps_get_in_speech(ps);
    if (in_speech && !started) started = 1;
    if (!in_speech && started) {
      ps_end_utt(ps);
      print_file_utterance(ps, &first, index++);
      ps_start_utt(ps);
      started = 0;
    }
  }
  ps_end_utt(ps);
  if (started) print_file_utterance(ps, &first, index);
  fclose(file);
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

  /* Long enough for a word command with a multi-word name's phones. */
  char line[4096];
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
        settled_len = 0;
      }
      ps_process_raw(ps, buffer, (size_t)bytes / 2, FALSE, FALSE);
    } else if (line[0] == 'P') {
      answer_partial(ps);
    } else if (line[0] == 'W' && !in_utterance) {
      answer_add_word(ps, line + 1);
    } else if (line[0] == 'F' && !in_utterance) {
      answer_file(ps, line + 2);
    } else if (line[0] == 'E') {
      if (in_utterance) { ps_end_utt(ps); in_utterance = 0; answer_final(ps); }
      else { printf("{\"type\":\"final\",\"words\":[]}\n"); fflush(stdout); }
    } else {
      fprintf(stderr, "ps-stream: unknown command %c\n", line[0]);
      return 4;
    }
  }
  free(buffer);
  free(answer);
  free(settled);
  ps_free(ps);
  cmd_ln_free_r(config);
  return 0;
}
