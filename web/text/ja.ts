/**
 * Every word the page shows, in Japanese: the same shape as en.ts, which the type checks. Each
 * game in its own words: ヒット / ブロー for Hit & Blow, イート / バイト for Numer0n, 黒ピン /
 * 白ピン for Mastermind, ブル / カウ for Bulls and Cows.
 */
import type { AnswerRule, GameWords, Noun, Text } from './en.js';

const number = (n: number) => n.toLocaleString('ja-JP');
const guesses = (n: number) => `${number(n)} 手`;
const secrets = (n: number) => `${number(n)} 通り`;
const figure = (n: number) => n.toFixed(2);
const same = (word: string): Noun => [word, word];

export const ja: Text = {
  lang: 'ja',
  name: '日本語',
  number,
  guesses,
  secrets,
  figure,
  count: (n: number, noun: Noun) => `${noun[0]} ${number(n)}`,

  page: {
    title: 'codebreaker',
    tagline: 'マスターマインド、ブルズ・アンド・カウズ、ヒット&ブロー、ヌメロンとその仲間たち。',
    footer:
      'すべてこのページの中で動きます。あなたのマシンから配信され、ネットワークも外部フォントも使いません。',
    settings: '設定',
    views: '表示',
    loadingOptimal: '最適な木を読み込んでいます…',
    treeUnavailable: (game: string, why: string) => `${game} の最適戦略木を読み込めません: ${why}`,
    rulesLine: (game: string, alphabet: string, codes: number) =>
      `${game} · 記号 ${alphabet} · 全 ${number(codes)} 通り`,
    tooLarge: (what: 'analysis' | 'tree', codes: number) =>
      `${what === 'analysis' ? '全秘密での分析' : '戦略木'}にはすべての組の得点表が必要ですが、このゲームは ${number(codes)} 通りあり、ブラウザのタブには大きすぎます（ページで作るのは 8,192 通りまで）。対戦の二つのタブでは最後まで遊べます。あなたのマシンでは、次のコマンドでできます:`,
  },

  tabs: {
    codebreaker: 'あなたが当てる',
    codemaker: 'コンピュータが当てる',
    versus: '対戦',
    analysis: '分析',
    tree: '戦略木',
  },

  settings: {
    game: 'ゲーム',
    strategy: '戦略',
    seed: 'シード',
    custom: 'カスタム…',
    customRules: 'カスタムルール',
    pegs: '桁数',
    colours: '色数',
    repetition: '重複あり',
    blackPegsOnly: '黒ピンのみ',
    blackPegsMeans: '黒ピンだけのマスターマインド: 答えは黒ピンの数だけ',
    symbols: '記号',
    theme: 'テーマ',
    themes: { system: 'システムに合わせる', light: 'ライト', dark: 'ダーク' },
    language: '言語',
    fieldRange: (field: 'pegs' | 'colours', min: number, max: number) =>
      `${field === 'pegs' ? '桁数' : '色数'}は ${min} から ${max} までの整数にしてください`,
  },

  games: {
    mastermind: 'マスターマインド',
    moo: 'ブルズ・アンド・カウズ',
    'hit-and-blow': 'ヒット&ブロー',
    numeron: 'ヌメロン',
    'super-mastermind': 'スーパーマスターマインド',
    custom: 'カスタムゲーム',
  },

  terms: {
    mastermind: {
      hit: same('黒ピン'),
      blow: same('白ピン'),
      hitMeans: '色も位置も正しい',
      blowMeans: '色は正しいが位置が違う',
      symbol: same('色'),
      position: same('ピン'),
      digits: false,
    },
    hitAndBlow: {
      hit: same('ヒット'),
      blow: same('ブロー'),
      hitMeans: '色も位置も正しい',
      blowMeans: '色は正しいが位置が違う',
      symbol: same('色'),
      position: same('ピン'),
      digits: false,
    },
    bullsAndCows: {
      hit: same('ブル'),
      blow: same('カウ'),
      hitMeans: '数字も位置も正しい',
      blowMeans: '数字は正しいが位置が違う',
      symbol: same('数字'),
      position: same('桁'),
      digits: true,
    },
    numeron: {
      hit: same('イート'),
      blow: same('バイト'),
      hitMeans: '数字も位置も正しい',
      blowMeans: '数字は正しいが位置が違う',
      symbol: same('数字'),
      position: same('桁'),
      digits: true,
    },
    custom: {
      hit: same('ヒット'),
      blow: same('ブロー'),
      hitMeans: '記号も位置も正しい',
      blowMeans: '記号は正しいが位置が違う',
      symbol: same('記号'),
      position: same('位置'),
      digits: true,
    },
  },

  shape: {
    digits: (pegs: number, words: GameWords, first: string, last: string, repeat: boolean) =>
      `${first}〜${last} の${words.symbol[0]} ${pegs} ${words.position[0]}、${repeat ? '重複あり' : 'すべて異なる'}`,
    pegs: (pegs: number, colours: number, words: GameWords, repeat: boolean) =>
      `${pegs} ${words.position[0]}・${colours} ${words.symbol[0]}、${repeat ? '重複あり' : 'すべて異なる'}`,
    hitsOnly: (hitMany: string) => `、${hitMany}のみ`,
    answer: (hits: string, blows: string | undefined) => (blows ? `${hits}・${blows}` : hits),
  },

  strategies: {
    'first-consistent': '最初の候補',
    'random-consistent': 'ランダムな候補',
    minimax: 'ミニマックス (Knuth)',
    'expected-size': '期待サイズ (Irving)',
    entropy: 'エントロピー (Neuwirth)',
    'most-parts': '最多分割 (Kooi)',
    optimal: '最適 (証明済みの木)',
    pastBudget: (title: string, fallback: string) =>
      `${title}（探索の上限を超えたため ${fallback}）`,
    sampled: (title: string) => `${title}（初手は標本で評価）`,
    possibleOnly: (title: string) => `${title}（候補の中からのみ）`,
    firstPossible: (title: string) => `${title}（候補が多すぎるため最初の候補）`,
    withSeed: (title: string, seed: number) => `${title}（シード ${seed}）`,
  },

  colours: ['赤', '緑', '青', '黄', '橙', '紫', '水色', '桃', '茶', '白', '灰', '黄緑'],

  problems: {
    cannotOccur: (answer: string, pegs: number, position: Noun) =>
      `${pegs} ${position[0]}では ${answer} はありえません`,
    impossible: (answer: string, guess: string) =>
      `${guess} に ${answer} はありえません: その答えになる秘密はありません`,
    contradicts: (
      answer: string,
      guess: string,
      earlier: string,
      earlierGuess: string,
      turn: number,
      alone: boolean,
    ) =>
      `${guess} に ${answer} は、${alone ? '' : 'それまでの答えと合わせると、'}${turn} 手目の ${earlierGuess} への答え ${earlier} と矛盾します`,
    unreadableAnswer: (text: string, hitMany: string, blowMany: string | undefined) =>
      `「${text}」は読めません: ${blowMany ? `${hitMany}、${blowMany}の順に数字で（例: 2 1）` : `${hitMany}の数を（例: 2）`}入力してください`,
    unfilled: (empty: number) =>
      empty === 1 ? '最後の空きを埋めてください' : `空きが ${empty} つあります。埋めてください`,
    notACode: (text: string, shape: string) =>
      `「${text}」はこのゲームのコードではありません: ${shape}`,
    warning: (problem: string, canTakeBack: boolean) =>
      `${problem}。${canTakeBack ? '答えを変えるか、前の答えを取り消してください。' : ''}`,
  },

  board: {
    secret: '秘密',
    yourSecret: 'あなたの秘密',
    hidden: '隠れています',
    guesses: '推測',
    left: (n: number) => `残り ${number(n)}`,
    leftTitle: 'まだありうる秘密の数',
    solved: '正解',
  },

  play: {
    howToPlay: '遊び方',
    codebreakerLabel: 'あなたが秘密を当てる',
    codemakerLabel: 'コンピュータがあなたの秘密を当てる',
    codebreakerRules: ({ shape, hit, hitMeans, blow, blowMeans }: AnswerRule) =>
      `コンピュータが秘密を決めました（${shape}）。答えは${hit}（${hitMeans}）${blow ? `と${blow}（${blowMeans}）の数` : 'の数だけ'}です。`,
    codebreakerHow: (symbol: string, _symbols: string) =>
      `枠を選んでから${symbol}を選ぶか、${symbol}を枠へドラッグします。キーボードでも入力でき、Backspace で消し、Enter で推測します。`,
    codemakerRules: ({ shape, hit, hitMeans, blow, blowMeans }: AnswerRule) =>
      `秘密（${shape}）を一つ決めて、覚えておいてください。コンピュータの推測ごとに、${hit}（${hitMeans}）${blow ? `と${blow}（${blowMeans}）の数` : 'の数だけ'}を答えます。`,
    slotsLabel: (turn: number, symbol: string) => `${turn} 手目: 枠を選んでから${symbol}を選ぶ`,
    slotLabel: (position: string, n: number, what: string | undefined) =>
      `${position} ${n}: ${what ?? '空き'}`,
    paletteLegend: (symbols: string) => `${symbols}: 選んだ枠に入れる`,
    guess: '推測',
    hint: 'ヒント',
    clearRow: '列を消す',
    useIt: '使う',
    suggests: (remaining: number, strategy: string) =>
      `${remaining === 1 ? 'ありうる秘密は残り 1 通り' : `ありうる秘密は ${number(remaining)} 通り`}。${strategy}のおすすめ:`,
    giveUp: '降参…',
    giveUpQuestion: '降参して秘密を見ますか？',
    showIt: 'はい、見る',
    keepPlaying: '続ける',
    newGame: '新しいゲーム',
    playAgain: 'もう一度',
    cracked: (n: number) => `${guesses(n)}で当たり！`,
    gaveUp: (n: number) => `${guesses(n)}で降参しました。秘密は `,
    saidTurn: (turn: number, code: string, answer: string) => `${turn} 手目 ${code}: ${answer}。`,
    secretWas: (code: string) => `秘密は ${code} でした。`,
    foundYours: (n: number) => `${guesses(n)}であなたの秘密を当てました。`,
    nextGuess: (turn: number, code: string) => `${turn} 手目: ${code}。`,
    tookOver: (strategy: string, after: number) =>
      `${after} 手目のあとから${strategy}が推測しています。`,
    takeBack: '最後の答えを取り消す',
    answer: '答える:',
    orTypeIt: 'または入力',
    typeLabel: (hitMany: string, blowMany: string) => `答えを入力: ${hitMany}、${blowMany}の順`,
  },

  coach: {
    grading: '採点中',
    optimal: '最善',
    best: '最善',
    bestBy: (strategy: string) => `${strategy}で最善`,
    lost: (loss: number) => `${figure(loss)} 手の損`,
    optimalPlay: '最適なプレイ',
    ungraded: (turn: number, limit: number) =>
      `${turn} 手目は採点していません: この大きさのゲームでは、候補が ${limit} 通り以下になってから採点します。`,
    turn: (turn: number) => `${turn} 手目: `,
    wasBest: (heuristic: string | undefined, expected: number, left: number) =>
      `${heuristic ? `${heuristic}の見つける最善手と同等` : '最善手'}。ここから平均 ${figure(expected)} 手、候補は残り ${secrets(left)}。`,
    lostAgainst: (loss: number) => `平均 ${figure(loss)} 手の損。最善手は `,
    bestNeeds: (best: number, yours: number, left: number, bestLeft: number) =>
      `: ここから平均 ${figure(best)} 手（あなたの手では ${figure(yours)} 手）。あなたの手で候補は残り ${secrets(left)}、最善手なら ${secrets(bestLeft)}でした。`,
    gradedBy: (strategy: string) =>
      ` ${strategy}で採点: ここからは厳密な探索に時間がかかりすぎます。`,
    stillPossible: (n: number) => `ありうる秘密は ${secrets(n)}`,
    andMore: (n: number) => `ほか ${number(n)} 通り`,
    par: (strategy: string, par: number, yours: number) =>
      `${strategy}ならこの秘密は ${guesses(par)}、あなたは ${guesses(yours)}でした。`,
    theOptimal: '最適な戦略',
    allBest: 'すべて最善手でした。',
    lostInAll: (loss: number) => `合計で平均 ${figure(loss)} 手の損でした。`,
  },

  versus: {
    label: 'コンピュータと対戦',
    rules: (shape: string) =>
      `あなたとコンピュータがそれぞれ秘密のコード（${shape}）を決め、交互に相手のコードを推測します。答えはページが出します。先攻はあなた。先に相手のコードを当てた方の勝ちです。あなたが当てたのと同じ回にコンピュータもあなたのコードを当てたら引き分けです。`,
    itemRules:
      'アイテムはそれぞれ 1 ゲームに 1 回、1 ターンに 1 つ、推測の前に使えます。ハイ&ロー: 各桁が LOW（0〜4）か HIGH（5〜9）か。ターゲット: ある数字がコードにあるか、あればどの桁か。スラッシュ: 最大の数字と最小の数字の差。',
    level: '強さ',
    levels: {
      easy: 'やさしい: ランダムな候補',
      normal: 'ふつう: 最多分割',
      hard: 'つよい: 最適',
    },
    chooseSecret: 'あなたの秘密のコードを決める',
    secretLabel: (symbol: string) => `あなたの秘密: 枠を選んでから${symbol}を選ぶ`,
    random: 'ランダム',
    start: '開始',
    guessLabel: (round: number, symbol: string) => `${round} 手目: 枠を選んでから${symbol}を選ぶ`,
    yourBoard: 'あなたの推測',
    computerBoard: 'コンピュータの推測',
    theirSecret: '相手の秘密',
    yourSecret: 'あなたの秘密',
    items: 'アイテム',
    itemNames: { 'high-low': 'ハイ&ロー', target: 'ターゲット', slash: 'スラッシュ' },
    targetDigit: '数字',
    itemUsed: (round: number, item: string, answer: string) => `${round} 回目 ${item}: ${answer}`,
    high: 'HIGH',
    low: 'LOW',
    notIn: (digit: string) => `${digit} はない`,
    at: (digit: string, place: number) => `${digit} は ${place} 桁目`,
    spread: (spread: number) => `最大 − 最小 = ${spread}`,
    youUsed: 'あなたが使用',
    computerUsed: 'コンピュータが使用',
    won: (rounds: number) => `${guesses(rounds)}で先に当てました。あなたの勝ち！`,
    lost: (rounds: number) => `コンピュータが ${guesses(rounds)}で先に当てました。`,
    draw: (rounds: number) => `引き分け: どちらも ${guesses(rounds)}で当てました。`,
    round: (player: string, computer: string) => `あなた: ${player}。コンピュータ: ${computer}。`,
    newGame: '新しいゲーム',
  },

  stats: {
    title: 'あなたの記録',
    played: '対戦数',
    winRate: '勝率',
    streak: '連勝',
    bestStreak: '最多連勝',
    overPar: 'パー比',
    overParMeans: '同じ秘密で最適な戦略より多くかかった手数の平均',
    distribution: '勝ちの手数',
    bar: (guesses: number, wins: number) => `${guesses} 手: ${number(wins)} 勝`,
    versus: (won: number, lost: number, draw: number) =>
      `対戦: ${number(won)} 勝 ${number(lost)} 敗 ${number(draw)} 分`,
    none: 'まだ終わったゲームはありません。',
    share: '共有',
    copied: 'クリップボードにコピーしました:',
    copyThis: 'これをコピーしてください:',
  },

  analysis: {
    label: '分析',
    lead: (codes: number) =>
      `各戦略を ${number(codes)} 通りすべての秘密と対戦させ、必要な手数を数えます。バックグラウンドで動くので、ページはそのまま使えます。`,
    compare: '比べる戦略',
    analyse: 'すべての秘密で分析',
    analyseMany: (n: number) => `${n} つを分析して比べる`,
    cancel: 'キャンセル',
    played: (strategy: string) => `${strategy}: 対戦した秘密`,
    of: (done: number, all: number) => `${number(done)} / ${number(all)}`,
    failed: (why: string) => `分析に失敗しました: ${why}`,
    figures: '各戦略の数値',
    columns: ['戦略', '合計', '平均', '最大', '最大手数の秘密'],
    chartLabel: (strategies: string) => `手数ごとの秘密の数: ${strategies}`,
    bar: (strategy: string, n: number, g: number) => `${strategy}: ${guesses(g)}で ${secrets(n)}`,
    axis: '必要な手数',
    worst: (strategy: string, n: number, max: number) =>
      `${strategy}の最悪の秘密: ${secrets(n)}、各 ${guesses(max)}`,
    openInTree: (code: string, strategy: string) => `${code}: ${strategy}の戦略木で開く`,
    andMore: (n: number) => ` ほか ${number(n)} 通り`,
    footnote: (codes: number, seconds: number) =>
      `最悪の秘密を選ぶと、戦略木でその道筋が開きます。${number(codes)} 通りすべてで ${seconds.toFixed(2)} 秒。`,
  },

  tree: {
    label: '戦略木',
    treeOf: '戦略',
    guessN: (n: number) => `${n} 手目`,
    theSecret: '秘密',
    possible: (n: number) => `候補 ${secrets(n)}`,
    solved: '正解 1 通り:',
    secrets,
    figures: (total: number, codes: number, average: string, max: number) =>
      `証明済みの最適: ${number(codes)} 通りの秘密で合計 ${number(total)} 手、平均 ${average}、最大 ${max} 手。`,
    computed: (strategy: string) =>
      `${strategy}の決定木: 各節は開いたときに計算します。すべての秘密での数値は分析タブにあります。`,
    path: (code: string, n: number) => `${code} の道筋: ${n} 手、下に強調表示。`,
    loading: '戦略木を読み込んでいます…',
  },
};
