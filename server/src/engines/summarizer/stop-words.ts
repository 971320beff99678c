// Function words and conversational fillers per supported language (en, es, zh). They carry no topic,
// so they never count towards a sentence's similarity nor become keywords. Hand-kept: the machine's
// package set has no stop-word package installed; the lists follow the common NLTK/ISO cores plus
// what meetings add (backchannels, discourse markers).
import { primaryLanguage } from '../languages';

const words = (text: string) => new Set(text.split(/\s+/).filter(Boolean));

const ENGLISH = words(`a about above after again against all almost along already also although always am among an and another any
  anybody anyone anything anyway anywhere are aren't around as at be became because become been before being below between both but by
  can can't cannot could couldn't did didn't do does doesn't doing don't done down during each either else enough even ever every
  everybody everyone everything few for from further gets getting give given go goes going gonna got gotta had hadn't has hasn't
  have haven't having he he'd he'll he's her here here's hers herself him himself his how however i i'd i'll i'm i've if in into is
  isn't it it'd it'll it's its itself just kind least less let let's lot lots made make makes many may maybe me might mine more
  most much must mustn't my myself need needs neither never no nobody none nor not nothing now of off often on once one ones only
  onto or other others otherwise ought our ours ourselves out over own per perhaps put quite rather really same say says said see
  seem seems several shall shan't she she'd she'll she's should shouldn't since so some somebody someone something sometimes
  somewhat somewhere still such sure take than that that's the their theirs them themselves then there there's therefore these
  they they'd they'll they're they've thing things think this those though through thus to together too toward towards under
  until up upon us use used very via want wanna was wasn't way we we'd we'll we're we've well went were weren't what what's
  whatever when whenever where where's whether which while who who's whoever whole whom whose why will with within without won't
  would wouldn't yet you you'd you'll you're you've your yours yourself yourselves okay ok yeah yep yes no nope right alright
  thanks thank please hello hi bye good great fine cool oh uh um uhm er erm ah eh hmm mm mhm huh hm like actually basically
  literally probably obviously anyway kinda sorta stuff bit pretty guess mean know get got two three first also whatever`);

const SPANISH = words(`a al algo algunas algunos ante antes aquí así aunque bajo bien cada casi como con contra cual cuales cuando
  cuanto de del desde donde dos el él ella ellas ellos en entre era eran es esa esas ese eso esos esta está están estaba estamos
  estar este esto estos estoy fue fueron ha habéis había han has hasta hay he la las le les lo los más me mi mis mucho muchos muy
  nada ni no nos nosotros o os otra otras otro otros para pero poco por porque pues que qué quien quienes se sea ser si sí sido
  sin sobre son su sus también tan tanto te tenemos tener tengo ti tiene tienen todo todos tu tus un una uno unos usted ustedes
  va vamos van vez y ya yo eh este em ehm mmm ah bueno vale claro o sea digamos entonces okey sí gracias hola cosa cosas algo`);

const CHINESE = words(`的 了 在 是 我 你 他 她 它 们 我们 你们 他们 她们 我們 你們 他們 這 这 那 就 也 都 和 与 與 及 而 或 但 但是 所以 因为 因為
  如果 还 還 又 把 被 给 給 让 讓 从 從 对 對 向 跟 吧 吗 嗎 呢 啊 呀 嗯 呃 哦 哈 么 麼 什么 什麼 怎么 怎麼 这个 這個 那个 那個 这些 這些 那些
  一个 一個 一些 有 没有 沒有 不 很 太 会 會 要 能 可以 就是 然后 然後 其实 其實 反正 对吧 對吧 好 好的 是的 嗯嗯 那么 那麼 这样 這樣
  那样 那樣 一下 一点 一點 一样 一樣 自己 大家 今天 现在 現在 还是 還是 已经 已經 可能 应该 應該 觉得 覺得 知道 说 說 看 想 做 去 来 來 上 下 中`);

const FILLERS: Record<string, RegExp> = {
  // Whole-word fillers and discourse markers that never carry content in English meetings.
  // Hedges ("I think", "basically") go too: a summary states the point, not how sure the speaker was.
  en: /\b(?:u+h+m*|u+m+|uhm|e+r+m*|a+h+|e+h+|h+m+|m+h*m+|mhm|huh|you know|i mean|sort of|kind of|you see|like i said|i think|i guess|i suppose|basically|actually|just|yeah|yep|okay|ok|so yeah|you guys|(?<=,\s*)like(?=,))\b[,]?\s*/gi,
  // Not "este"/"bueno": they are also a demonstrative and an adjective; only the leading markers drop them.
  es: /\b(?:e+h+|e+m+|m+h*m+|a+h+|o sea|digamos)\b[,]?\s*/gi,
  zh: /(?:嗯+|呃+|额+|啊+|哦+|唔+|那个|那個|就是说|就是說|然后呢|然後呢|怎么说呢|怎麼說呢|对吧|對吧)[，,、]?/g,
};

// Discourse markers that open a spoken sentence ("So, ...", "Okay, ..."): dropped at the start only.
const LEADING_MARKERS: Record<string, RegExp> = {
  en: /^(?:(?:okay|ok|so|well|right|alright|yeah|yes|and|but|now|anyway|oh)\b[,.]?\s*)+/i,
  // Not "este" (also "this"); "sí" only with its comma (JavaScript's \b does not see past í).
  es: /^(?:(?:bueno|vale|pues|entonces|okey|y|pero)\b[,.]?\s*|sí[,.]\s*)+/i,
  // Longest first (好的 before 好); not 那 or 是 alone, which start real sentences (那天, 是否).
  zh: /^(?:(?:好的|好吧|那么|那麼|然后|然後|对的|對的|好|对|對|嗯)[，,。]+)+/,
};

export function stopWordsFor(language: string): ReadonlySet<string> {
  const primary = primaryLanguage(language);
  if (primary === 'zh') return CHINESE;
  if (primary === 'es') return SPANISH;
  return ENGLISH;
}

export function fillerPatternFor(language: string): RegExp {
  const primary = primaryLanguage(language);
  return new RegExp((FILLERS[primary] ?? FILLERS.en!).source, (FILLERS[primary] ?? FILLERS.en!).flags);
}

export function leadingMarkersFor(language: string): RegExp {
  return LEADING_MARKERS[primaryLanguage(language)] ?? LEADING_MARKERS.en!;
}
