// The page's own words in the three languages of the tables: English, Chinese (Luk Fu's
// naming) and Japanese (Dai Fugō's). The language follows the card names: English, or the
// game's own when the naming button says so. The engine's words (status, log, rules key)
// come from the server in both namings.

/** The language of the page: "en", or the game's own ("zh" for Luk Fu, "ja" for Dai Fugō). */
export function pageLang(game, native) {
  if (!native) return "en";
  return game === "daifugo" ? "ja" : "zh";
}

/** The value of the html element's lang attribute for a page language. */
export const HTML_LANG = { en: "en", zh: "zh-Hant", ja: "ja" };

const WORDS = {
  // the moves' buttons
  "move.five_tigers": { en: "Claim the Five Tigers", zh: "報五虎", ja: "五虎を宣言" },
  "move.call": { en: "Say Play (call)", zh: "叫打", ja: "打つと宣言" },
  "move.play": { en: "Play", zh: "出牌", ja: "出す" },
  "move.discard": { en: "Discard face down", zh: "蓋牌", ja: "伏せて捨てる" },
  "move.declare": { en: "Declare six", zh: "報六", ja: "六を宣言" },
  "move.pass": { en: "Pass", zh: "過", ja: "パス" },
  "move.give": { en: "Give (exchange)", zh: "交換", ja: "渡す（交換）" },
  "move.seven_pass": { en: "Hand over (7s)", zh: "七渡", ja: "7渡し" },
  "move.discard.daifugo": { en: "Discard (10s)", zh: "十捨", ja: "10捨て" },
  hint: { en: "Hint", zh: "提示", ja: "ヒント" },
  thinking: { en: "Thinking about a hint…", zh: "正在想提示…", ja: "ヒントを考えています…" },
  joker: { en: "The joker stands for ", zh: "鬼牌當作 ", ja: "ジョーカーの代わり: " },
  notListed: {
    en: "The engine does not list this as legal: it will say why",
    zh: "這一手不合規則：按下會說明原因",
    ja: "この手は出せません: 押すと理由が出ます",
  },
  notConnected: {
    en: "Not connected: the move was not sent. Reconnecting…",
    zh: "未連線：這一手未送出。重新連線中…",
    ja: "接続していません: 手は送られていません。再接続中…",
  },
  // the header, the dialogs, the boxes
  rules: { en: "Rules", zh: "規則", ja: "ルール" },
  rulesTitle: { en: "Rules at this table", zh: "本桌規則", ja: "この卓のルール" },
  close: { en: "Close", zh: "關閉", ja: "閉じる" },
  log: { en: "Log of the hand", zh: "本局紀錄", ja: "この回の記録" },
  stepThrough: { en: "Step through the hand", zh: "逐步重看本局", ja: "この回を一手ずつ見る" },
  nextHand: { en: "Next hand", zh: "下一局", ja: "次の回へ" },
  handOver: { en: "Hand {n} is over", zh: "第{n}局完", ja: "第{n}回 終了" },
  theDeal: { en: "The deal", zh: "發牌", ja: "配り" },
  sessionOver: { en: "The session is over", zh: "全場完", ja: "全回 終了" },
  // the lobby
  takeASeat: { en: "Take a seat", zh: "入座", ja: "席に着く" },
  linkHere: { en: "Link to this table:", zh: "本桌連結：", ja: "この卓へのリンク:" },
  yourName: { en: "Your name", zh: "你的名字", ja: "あなたの名前" },
  takeThisSeat: { en: "Take this seat", zh: "坐這裏", ja: "この席に着く" },
  waitingPerson: { en: "waiting for a person", zh: "等人入座", ja: "人を待っています" },
  playerN: { en: "Player {n}", zh: "玩家{n}", ja: "プレイヤー{n}" },
  computerBot: { en: "computer ({bot})", zh: "電腦（{bot}）", ja: "コンピュータ（{bot}）" },
  startNow: {
    en: "Start now: computer players take the empty seats",
    zh: "現在開始：空位由電腦坐",
    ja: "今すぐ始める: 空いた席はコンピュータ",
  },
  seatsFree: {
    en: "The table starts when every seat for a person is taken ({n} free).",
    zh: "人的座位坐滿就開始（尚有{n}個空位）。",
    ja: "人の席が全部埋まると始まります（空き{n}席）。",
  },
  starting: {
    en: "Every seat is taken: the table is starting.",
    zh: "座位已坐滿：開始。",
    ja: "全席が埋まりました: 始まります。",
  },
  writeName: {
    en: "Write your name first, then take a seat.",
    zh: "請先寫名字，再入座。",
    ja: "名前を書いてから席に着いてください。",
  },
  you: { en: " (you)", zh: "（你）", ja: "（あなた）" },
  away: { en: " · away", zh: " · 離開", ja: " · 不在" },
  // the hand's header and the seats
  handOf: { en: "Hand {n} of {m}", zh: "第{n}局（共{m}局）", ja: "第{n}回（全{m}回）" },
  handN: { en: "Hand {n}", zh: "第{n}局", ja: "第{n}回" },
  youAre: { en: "you are {name}", zh: "你是{name}", ja: "あなたは{name}" },
  seatN: { en: "seat {n}", zh: "第{n}座", ja: "{n}番席" },
  watching: { en: "you are watching this table.", zh: "你在旁觀本桌。", ja: "この卓を観戦中です。" },
  computer: { en: "computer", zh: "電腦", ja: "コンピュータ" },
  awayPlays: { en: "away: the computer plays", zh: "離開：電腦代打", ja: "不在: コンピュータが代わりに打つ" },
  offline: { en: "not connected", zh: "未連線", ja: "未接続" },
  total: { en: "total {n}", zh: "總分 {n}", ja: "合計 {n}" },
  cards: { en: "{n} cards", zh: "{n}張", ja: "{n}枚" },
  card: { en: "1 card", zh: "1張", ja: "1枚" },
  tricks: { en: "{n} tricks", zh: "{n}墩", ja: "{n}トリック" },
  trick: { en: "1 trick", zh: "1墩", ja: "1トリック" },
  called: { en: "called", zh: "叫打", ja: "宣言" },
  privileged: { en: "privileged", zh: "特權", ja: "特権" },
  // Luk Fu's table and hand
  toBeat: { en: "To beat: {meld} ({name}) · round {r}", zh: "要打過：{meld}（{name}）· 第{r}輪", ja: "上回る手: {meld}（{name}）· 第{r}巡" },
  newLead: { en: "Round {r}: a new lead", zh: "第{r}輪：重新出牌", ja: "第{r}巡: 新しい親" },
  calling: { en: "Calling", zh: "叫牌", ja: "宣言" },
  lastRound: { en: "Last round · {head}", zh: "上一輪 · {head}", ja: "前の巡 · {head}" },
  faceDownBy: { en: "{who} · face down", zh: "{who} · 蓋牌", ja: "{who} · 伏せ札" },
  faceDown: { en: "{n} face down", zh: "{n}張蓋牌", ja: "{n}枚伏せ" },
  pass: { en: "pass", zh: "過", ja: "パス" },
  watchingHidden: {
    en: "You are watching: the hands are hidden.",
    zh: "你在旁觀：各家手牌不公開。",
    ja: "観戦中: 手札は見えません。",
  },
  dreamCard: { en: "You dream this hand: your card is {card}", zh: "你本局發夢：你的牌是{card}", ja: "この回は夢: あなたの札は{card}" },
  lukfuHand: {
    en: "Your hand · red = red imprint · ° and dashed = aged",
    zh: "你的牌 · 紅色 = 紅印 · ° 及虛線 = 老牌",
    ja: "手札 · 赤 = 赤印 · ° と破線 = 老札",
  },
  noHand: { en: "No hand: you are watching.", zh: "你在旁觀，沒有手牌。", ja: "観戦中: 手札はありません。" },
  noCards: { en: "No cards in hand.", zh: "手上沒有牌。", ja: "手札はありません。" },
  // the step-through's lines
  "rp.pass": { en: "{who} passes", zh: "{who} 過", ja: "{who} パス" },
  "rp.call": { en: "{who} says Play (calls)", zh: "{who} 叫打", ja: "{who} が打つと宣言" },
  "rp.declare": { en: "{who} declares six", zh: "{who} 報六", ja: "{who} が六を宣言" },
  "rp.five_tigers": { en: "{who} claims the Five Tigers", zh: "{who} 報五虎", ja: "{who} が五虎を宣言" },
  "rp.play": { en: "{who} plays {cards}", zh: "{who} 出 {cards}", ja: "{who} が {cards} を出す" },
  "rp.give": { en: "{who} gives {cards} in the exchange", zh: "{who} 交換 {cards}", ja: "{who} が交換で {cards} を渡す" },
  "rp.seven_pass": { en: "{who} hands {cards} to the next player (7s)", zh: "{who} 七渡 {cards}", ja: "{who} が次の人に {cards} を渡す（7渡し）" },
  "rp.discard": { en: "{who} discards {cards} face down", zh: "{who} 蓋 {cards}", ja: "{who} が {cards} を伏せて捨てる" },
  "rp.discard.daifugo": { en: "{who} discards {cards} face down (10s)", zh: "{who} 十捨 {cards}", ja: "{who} が {cards} を捨てる（10捨て）" },
  "rp.other": { en: "{who}: {what}", zh: "{who}：{what}", ja: "{who}: {what}" },
  // the scores
  seat: { en: "Seat", zh: "座位", ja: "席" },
  player: { en: "Player", zh: "玩家", ja: "プレイヤー" },
  place: { en: "Place", zh: "名次", ja: "順位" },
  payment: { en: "Payment", zh: "找數", ja: "支払い" },
  points: { en: "Points", zh: "分", ja: "点" },
  totalHead: { en: "Total", zh: "總分", ja: "合計" },
};

/** The page's word `key` in `lang`, with `{name}` places filled from `vars`. */
export function tr(key, lang, vars = {}) {
  const entry = WORDS[key];
  if (!entry) return key;
  const text = entry[lang] ?? entry.en;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in vars ? String(vars[name]) : whole));
}

/** The words of a move's button. */
export function moveWord(game, kind, lang) {
  const key = game === "daifugo" && kind === "discard" ? "move.discard.daifugo" : `move.${kind}`;
  return WORDS[key] ? tr(key, lang) : kind;
}

/** Fill every element marked data-i18n="key" with its word in `lang`. */
export function translatePage(root, lang) {
  for (const node of root.querySelectorAll("[data-i18n]")) node.textContent = tr(node.dataset.i18n, lang);
  root.documentElement.lang = HTML_LANG[lang] || "en";
}

/** One action of a record in words (`cards` already written, or counted). */
export function actionWords(game, kind, who, cards, lang) {
  const key = game === "daifugo" && kind === "discard" ? "rp.discard.daifugo" : `rp.${kind}`;
  return WORDS[key] ? tr(key, lang, { who, cards }) : tr("rp.other", lang, { who, what: kind });
}
